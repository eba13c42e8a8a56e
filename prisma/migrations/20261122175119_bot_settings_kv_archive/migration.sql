-- DropIndex
DROP INDEX "Bot_userId_idx";

-- AlterTable
ALTER TABLE "Bot" ADD COLUMN     "archiveReason" TEXT,
ADD COLUMN     "archivedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "plan" TEXT NOT NULL DEFAULT 'trial';

-- CreateTable
CREATE TABLE "BotEnvVar" (
    "id" TEXT NOT NULL,
    "botId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "secret" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BotEnvVar_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BotKvEntry" (
    "botId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "size" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BotKvEntry_pkey" PRIMARY KEY ("botId","key")
);

-- CreateIndex
CREATE UNIQUE INDEX "BotEnvVar_botId_key_key" ON "BotEnvVar"("botId", "key");

-- CreateIndex
CREATE INDEX "Bot_userId_archivedAt_idx" ON "Bot"("userId", "archivedAt");

-- AddForeignKey
ALTER TABLE "BotEnvVar" ADD CONSTRAINT "BotEnvVar_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotKvEntry" ADD CONSTRAINT "BotKvEntry_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
