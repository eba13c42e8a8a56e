-- AlterTable
ALTER TABLE "Bot" ADD COLUMN     "commandsDeployedFor" TEXT;
