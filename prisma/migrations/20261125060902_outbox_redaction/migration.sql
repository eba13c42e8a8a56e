-- AlterTable
ALTER TABLE "OutboxEmail" ADD COLUMN     "redactAt" TIMESTAMP(3),
ADD COLUMN     "secretHashes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "OutboxEmail_redactAt_idx" ON "OutboxEmail"("redactAt");
