-- CreateTable
CREATE TABLE "BotBuild" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "botId" TEXT,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "engine" TEXT NOT NULL DEFAULT 'offline',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "steps" JSONB NOT NULL,
    "plan" JSONB,
    "message" TEXT,
    "proofId" TEXT,
    "proposal" JSONB,
    "versionNumber" INTEGER,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "heartbeatAt" TIMESTAMP(3),
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costCents" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "BotBuild_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BotBuild_userId_createdAt_idx" ON "BotBuild"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "BotBuild_botId_createdAt_idx" ON "BotBuild"("botId", "createdAt");

-- CreateIndex
CREATE INDEX "BotBuild_status_idx" ON "BotBuild"("status");

-- AddForeignKey
ALTER TABLE "BotBuild" ADD CONSTRAINT "BotBuild_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotBuild" ADD CONSTRAINT "BotBuild_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE SET NULL ON UPDATE CASCADE;
