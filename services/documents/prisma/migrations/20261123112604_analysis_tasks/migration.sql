-- CreateEnum
CREATE TYPE "DocumentKind" AS ENUM ('cv', 'job');

-- CreateEnum
CREATE TYPE "TaskStatus" AS ENUM ('PENDING', 'COMPLETED', 'FAILED');

-- CreateTable
CREATE TABLE "tasks" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "kind" "DocumentKind" NOT NULL,
    "status" "TaskStatus" NOT NULL DEFAULT 'PENDING',
    "content_hash" CHAR(64) NOT NULL,
    "source_type" TEXT NOT NULL,
    "filename" TEXT,
    "batch_id" UUID NOT NULL,
    "reservation_id" UUID,
    "charged" BOOLEAN NOT NULL DEFAULT false,
    "deduped_at" TIMESTAMPTZ(3),
    "failure_reason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "record" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "task_contents" (
    "task_id" UUID NOT NULL,
    "text" TEXT,
    "file" BYTEA,
    "extracted_text" TEXT,

    CONSTRAINT "task_contents_pkey" PRIMARY KEY ("task_id")
);

-- CreateTable
CREATE TABLE "analyze_requests" (
    "workspace_id" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "task_ids" UUID[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analyze_requests_pkey" PRIMARY KEY ("workspace_id","idempotency_key")
);

-- CreateIndex
CREATE INDEX "tasks_listing_idx" ON "tasks"("workspace_id", "kind", "status", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "tasks_dedupe_idx" ON "tasks"("workspace_id", "kind", "content_hash");

-- CreateIndex
CREATE INDEX "tasks_batch_idx" ON "tasks"("batch_id");

-- CreateIndex
CREATE INDEX "tasks_stale_idx" ON "tasks"("status", "updated_at");

-- CreateIndex
CREATE INDEX "analyze_requests_age_idx" ON "analyze_requests"("created_at");

-- AddForeignKey
ALTER TABLE "task_contents" ADD CONSTRAINT "task_contents_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
