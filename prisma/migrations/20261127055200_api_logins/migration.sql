-- DropForeignKey
ALTER TABLE "IdempotentRequest" DROP CONSTRAINT "IdempotentRequest_apiKeyId_fkey";

-- DropIndex
DROP INDEX "IdempotentRequest_apiKeyId_idempotencyKey_key";

-- Kept answers are scoped to the account now. They are only kept for a day, so the few kept
-- under the old scope are forgotten (a retry of one of them runs again)
DELETE FROM "IdempotentRequest";

-- AlterTable
ALTER TABLE "IdempotentRequest" DROP COLUMN "apiKeyId",
ADD COLUMN     "userId" TEXT NOT NULL;

-- CreateTable
CREATE TABLE "ApiLogin" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "accessHash" TEXT NOT NULL,
    "refreshHash" TEXT NOT NULL,
    "accessExpiresAt" TIMESTAMP(3) NOT NULL,
    "refreshExpiresAt" TIMESTAMP(3) NOT NULL,
    "rotatedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "ip" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiLogin_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApiLogin_accessHash_key" ON "ApiLogin"("accessHash");

-- CreateIndex
CREATE UNIQUE INDEX "ApiLogin_refreshHash_key" ON "ApiLogin"("refreshHash");

-- CreateIndex
CREATE INDEX "ApiLogin_familyId_idx" ON "ApiLogin"("familyId");

-- CreateIndex
CREATE INDEX "ApiLogin_userId_createdAt_idx" ON "ApiLogin"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotentRequest_userId_idempotencyKey_key" ON "IdempotentRequest"("userId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "ApiLogin" ADD CONSTRAINT "ApiLogin_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdempotentRequest" ADD CONSTRAINT "IdempotentRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
