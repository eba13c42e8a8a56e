-- The builder proof (lib/blueprint/proof): each run is a BlueprintProof row, and the compiled
-- bot it checks runs as a short-lived Bot row of kind proof in a scratch simulator world. Every
-- existing bot is the user own (kind bot).

-- AlterTable
ALTER TABLE "Bot" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'bot';

-- CreateTable
CREATE TABLE "BlueprintProof" (
    "id" TEXT NOT NULL,
    "botId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "versionNumber" INTEGER,
    "language" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "report" JSONB NOT NULL,
    "error" TEXT,
    "proofBotId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "BlueprintProof_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BlueprintProof_botId_createdAt_idx" ON "BlueprintProof"("botId", "createdAt");

-- CreateIndex
CREATE INDEX "BlueprintProof_status_idx" ON "BlueprintProof"("status");

-- AddForeignKey
ALTER TABLE "BlueprintProof" ADD CONSTRAINT "BlueprintProof_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
