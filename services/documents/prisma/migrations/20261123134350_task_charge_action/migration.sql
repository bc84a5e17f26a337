-- AlterTable
ALTER TABLE "tasks" ADD COLUMN     "charge_action" TEXT;
