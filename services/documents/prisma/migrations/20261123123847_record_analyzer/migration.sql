-- AlterTable
ALTER TABLE "tasks" ADD COLUMN     "analyzer" TEXT;
