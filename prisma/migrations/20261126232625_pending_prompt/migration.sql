-- AlterTable
ALTER TABLE "User" ADD COLUMN     "pendingPrompt" TEXT;
