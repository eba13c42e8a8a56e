-- AlterTable
ALTER TABLE "Bot" ADD COLUMN     "connectTo" TEXT NOT NULL DEFAULT 'simulator',
ADD COLUMN     "exitCode" INTEGER,
ADD COLUMN     "restartNonce" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "restartPolicy" TEXT NOT NULL DEFAULT 'restart',
ADD COLUMN     "startedAt" TIMESTAMP(3),
ADD COLUMN     "statusChangedAt" TIMESTAMP(3),
ADD COLUMN     "statusReason" TEXT;

-- CreateTable
CREATE TABLE "BotStatusEvent" (
    "id" BIGSERIAL NOT NULL,
    "botId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "exitCode" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BotStatusEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BotLogLine" (
    "id" BIGSERIAL NOT NULL,
    "botId" TEXT NOT NULL,
    "stream" TEXT NOT NULL,
    "line" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BotLogLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatorWorld" (
    "userId" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SimulatorWorld_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE INDEX "BotStatusEvent_botId_id_idx" ON "BotStatusEvent"("botId", "id");

-- CreateIndex
CREATE INDEX "BotLogLine_botId_id_idx" ON "BotLogLine"("botId", "id");

-- AddForeignKey
ALTER TABLE "BotStatusEvent" ADD CONSTRAINT "BotStatusEvent_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotLogLine" ADD CONSTRAINT "BotLogLine_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SimulatorWorld" ADD CONSTRAINT "SimulatorWorld_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The runner LISTENs on cipher_bot_desired and reconciles a bot as soon as what should happen to
-- it changes (started or stopped, restarted, archived, switched between simulator and Discord,
-- restart policy changed, created or deleted).
-- No semicolons in comments or the function body (spelled \073 there): Prisma's driver adapter
-- splits migration scripts on every semicolon, quoted or not.
CREATE FUNCTION cipher_notify_bot_desired() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(\'cipher_bot_desired\', COALESCE(NEW."id", OLD."id"))\073
  RETURN NULL\073
END\073
';

CREATE TRIGGER "Bot_desired_notify"
AFTER INSERT OR DELETE OR UPDATE OF "desiredState", "restartNonce", "archivedAt", "connectTo", "restartPolicy" ON "Bot"
FOR EACH ROW EXECUTE FUNCTION cipher_notify_bot_desired();
