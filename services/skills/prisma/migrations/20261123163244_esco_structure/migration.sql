-- CreateEnum
CREATE TYPE "relation_kind" AS ENUM ('essential', 'optional');

-- CreateTable
CREATE TABLE "skill_relations" (
    "skill_id" UUID NOT NULL,
    "related_id" UUID NOT NULL,
    "kind" "relation_kind" NOT NULL,

    CONSTRAINT "skill_relations_pkey" PRIMARY KEY ("skill_id","related_id")
);

-- CreateTable
CREATE TABLE "occupations" (
    "id" UUID NOT NULL,
    "isco_group" VARCHAR(4) NOT NULL,

    CONSTRAINT "occupations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "occupation_labels" (
    "occupation_id" UUID NOT NULL,
    "language" VARCHAR(8) NOT NULL,
    "text" TEXT NOT NULL,
    "preferred" BOOLEAN NOT NULL,

    CONSTRAINT "occupation_labels_pkey" PRIMARY KEY ("occupation_id","language","text")
);

-- CreateTable
CREATE TABLE "occupation_skills" (
    "occupation_id" UUID NOT NULL,
    "skill_id" UUID NOT NULL,
    "kind" "relation_kind" NOT NULL,

    CONSTRAINT "occupation_skills_pkey" PRIMARY KEY ("occupation_id","skill_id")
);

-- CreateIndex
CREATE INDEX "skill_relations_related_id_idx" ON "skill_relations"("related_id");

-- CreateIndex
CREATE INDEX "occupation_skills_skill_id_idx" ON "occupation_skills"("skill_id");

-- AddForeignKey
ALTER TABLE "skill_relations" ADD CONSTRAINT "skill_relations_skill_id_fkey" FOREIGN KEY ("skill_id") REFERENCES "skills"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "skill_relations" ADD CONSTRAINT "skill_relations_related_id_fkey" FOREIGN KEY ("related_id") REFERENCES "skills"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "occupation_labels" ADD CONSTRAINT "occupation_labels_occupation_id_fkey" FOREIGN KEY ("occupation_id") REFERENCES "occupations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "occupation_skills" ADD CONSTRAINT "occupation_skills_occupation_id_fkey" FOREIGN KEY ("occupation_id") REFERENCES "occupations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "occupation_skills" ADD CONSTRAINT "occupation_skills_skill_id_fkey" FOREIGN KEY ("skill_id") REFERENCES "skills"("id") ON DELETE CASCADE ON UPDATE CASCADE;
