-- AlterTable
ALTER TABLE "Bot" ADD COLUMN     "testServer" TEXT NOT NULL DEFAULT 'shared';
