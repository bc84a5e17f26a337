-- CreateTable
CREATE TABLE "match_results" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "job_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "weights" JSONB NOT NULL,
    "top_k" INTEGER NOT NULL,
    "candidates" JSONB NOT NULL,
    "versions_used" JSONB NOT NULL,
    "reservation_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "match_results_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "match_results_reservation_id_key" ON "match_results"("reservation_id");

-- CreateIndex
CREATE UNIQUE INDEX "match_results_version_key" ON "match_results"("workspace_id", "job_id", "version");
