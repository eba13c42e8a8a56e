-- AlterTable
ALTER TABLE "BotBuild" ADD COLUMN     "reviewPlan" BOOLEAN NOT NULL DEFAULT false;
