-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "query" TEXT NOT NULL,
    "filters" JSONB NOT NULL,
    "search_type" TEXT NOT NULL,
    "high_freshness" BOOLEAN NOT NULL,
    "provider" TEXT NOT NULL,
    "total" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session_candidates" (
    "session_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "profile_id" TEXT NOT NULL,
    "profile" JSONB NOT NULL,
    "insights" BOOLEAN NOT NULL DEFAULT false,
    "email_revealed" BOOLEAN NOT NULL DEFAULT false,
    "phone_revealed" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_candidates_pkey" PRIMARY KEY ("session_id","position")
);

-- CreateTable
CREATE TABLE "search_requests" (
    "workspace_id" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "response" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_requests_pkey" PRIMARY KEY ("workspace_id","idempotency_key")
);

-- CreateTable
CREATE TABLE "ingestions" (
    "workspace_id" UUID NOT NULL,
    "profile_key" TEXT NOT NULL,
    "cv_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ingestions_pkey" PRIMARY KEY ("workspace_id","profile_key")
);

-- CreateIndex
CREATE INDEX "sessions_workspace_idx" ON "sessions"("workspace_id", "created_at");

-- CreateIndex
CREATE INDEX "sessions_expiry_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE INDEX "session_candidates_profile_idx" ON "session_candidates"("session_id", "profile_id");

-- CreateIndex
CREATE INDEX "search_requests_age_idx" ON "search_requests"("created_at");

-- AddForeignKey
ALTER TABLE "session_candidates" ADD CONSTRAINT "session_candidates_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
