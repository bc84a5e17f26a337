-- CreateEnum
CREATE TYPE "skill_type" AS ENUM ('hard-skill', 'soft-skill');

-- CreateTable
CREATE TABLE "skills" (
    "id" UUID NOT NULL,
    "type" "skill_type" NOT NULL,
    "source" TEXT NOT NULL,
    "source_uri" TEXT,
    "reuse_level" TEXT,
    "esco_skill_type" TEXT,
    "description" TEXT,

    CONSTRAINT "skills_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "skill_labels" (
    "skill_id" UUID NOT NULL,
    "language" VARCHAR(8) NOT NULL,
    "text" TEXT NOT NULL,
    "preferred" BOOLEAN NOT NULL,

    CONSTRAINT "skill_labels_pkey" PRIMARY KEY ("skill_id","language","text")
);

-- CreateTable
CREATE TABLE "skill_broader" (
    "skill_id" UUID NOT NULL,
    "broader_id" UUID NOT NULL,

    CONSTRAINT "skill_broader_pkey" PRIMARY KEY ("skill_id","broader_id")
);

-- CreateTable
CREATE TABLE "taxonomy_versions" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "checksum" CHAR(64) NOT NULL,
    "languages" TEXT[],
    "skill_count" INTEGER NOT NULL,
    "label_count" INTEGER NOT NULL,
    "attribution" TEXT,
    "imported_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "taxonomy_versions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "skill_broader_broader_id_idx" ON "skill_broader"("broader_id");

-- AddForeignKey
ALTER TABLE "skill_labels" ADD CONSTRAINT "skill_labels_skill_id_fkey" FOREIGN KEY ("skill_id") REFERENCES "skills"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "skill_broader" ADD CONSTRAINT "skill_broader_skill_id_fkey" FOREIGN KEY ("skill_id") REFERENCES "skills"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "skill_broader" ADD CONSTRAINT "skill_broader_broader_id_fkey" FOREIGN KEY ("broader_id") REFERENCES "skills"("id") ON DELETE CASCADE ON UPDATE CASCADE;
