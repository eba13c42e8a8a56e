-- AlterTable
ALTER TABLE "BotBuild" ADD COLUMN     "queuedAt" TIMESTAMP(3),
ADD COLUMN     "reviewPlan" BOOLEAN NOT NULL DEFAULT false;
