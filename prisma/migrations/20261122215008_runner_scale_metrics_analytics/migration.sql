-- CreateTable
CREATE TABLE "BotLease" (
    "botId" TEXT NOT NULL,
    "runnerName" TEXT NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 1,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BotLease_pkey" PRIMARY KEY ("botId")
);

-- CreateTable
CREATE TABLE "RunnerHost" (
    "name" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "heartbeatAt" TIMESTAMP(3) NOT NULL,
    "draining" BOOLEAN NOT NULL DEFAULT false,
    "sandbox" TEXT NOT NULL,
    "sandboxWarning" TEXT,
    "cpuPercent" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "memoryUsedBytes" BIGINT NOT NULL DEFAULT 0,
    "memoryTotalBytes" BIGINT NOT NULL DEFAULT 0,
    "diskUsedBytes" BIGINT NOT NULL DEFAULT 0,
    "diskTotalBytes" BIGINT NOT NULL DEFAULT 0,
    "netRxBytesPerSec" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "netTxBytesPerSec" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "RunnerHost_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "BotMetric" (
    "botId" TEXT NOT NULL,
    "resolution" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "cpuPercent" DOUBLE PRECISION NOT NULL,
    "rssBytes" BIGINT NOT NULL,
    "latencyMs" DOUBLE PRECISION,
    "restarts" INTEGER NOT NULL DEFAULT 0,
    "uptimeSeconds" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BotMetric_pkey" PRIMARY KEY ("botId","resolution","at")
);

-- CreateTable
CREATE TABLE "RunnerMetric" (
    "runnerName" TEXT NOT NULL,
    "resolution" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "cpuPercent" DOUBLE PRECISION NOT NULL,
    "memoryUsedBytes" BIGINT NOT NULL,
    "diskUsedBytes" BIGINT NOT NULL,
    "netRxBytesPerSec" DOUBLE PRECISION NOT NULL,
    "netTxBytesPerSec" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "RunnerMetric_pkey" PRIMARY KEY ("runnerName","resolution","at")
);

-- CreateTable
CREATE TABLE "BotAnalyticsEvent" (
    "id" BIGSERIAL NOT NULL,
    "botId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "guildId" TEXT,
    "actorHash" TEXT,
    "durationMs" INTEGER,
    "ok" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "BotAnalyticsEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BotAnalyticsHourly" (
    "botId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "commands" INTEGER NOT NULL DEFAULT 0,
    "commandErrors" INTEGER NOT NULL DEFAULT 0,
    "messages" INTEGER NOT NULL DEFAULT 0,
    "guildJoins" INTEGER NOT NULL DEFAULT 0,
    "guildLeaves" INTEGER NOT NULL DEFAULT 0,
    "errors" INTEGER NOT NULL DEFAULT 0,
    "durationTotalMs" BIGINT NOT NULL DEFAULT 0,
    "durationCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BotAnalyticsHourly_pkey" PRIMARY KEY ("botId","hour")
);

-- CreateTable
CREATE TABLE "BotAnalyticsDaily" (
    "botId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "commands" INTEGER NOT NULL DEFAULT 0,
    "commandErrors" INTEGER NOT NULL DEFAULT 0,
    "messages" INTEGER NOT NULL DEFAULT 0,
    "guildJoins" INTEGER NOT NULL DEFAULT 0,
    "guildLeaves" INTEGER NOT NULL DEFAULT 0,
    "errors" INTEGER NOT NULL DEFAULT 0,
    "durationTotalMs" BIGINT NOT NULL DEFAULT 0,
    "durationCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BotAnalyticsDaily_pkey" PRIMARY KEY ("botId","day")
);

-- CreateTable
CREATE TABLE "BotAnalyticsActor" (
    "botId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "actorHash" TEXT NOT NULL,
    "active" datemultirange NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BotAnalyticsActor_pkey" PRIMARY KEY ("botId","actorHash")
);

-- CreateIndex
CREATE INDEX "BotLease_runnerName_idx" ON "BotLease"("runnerName");

-- CreateIndex
CREATE INDEX "BotLease_expiresAt_idx" ON "BotLease"("expiresAt");

-- CreateIndex
CREATE INDEX "BotAnalyticsEvent_userId_id_idx" ON "BotAnalyticsEvent"("userId", "id");

-- CreateIndex
CREATE INDEX "BotAnalyticsEvent_botId_at_idx" ON "BotAnalyticsEvent"("botId", "at");

-- CreateIndex
CREATE INDEX "BotAnalyticsHourly_userId_hour_idx" ON "BotAnalyticsHourly"("userId", "hour");

-- CreateIndex
CREATE INDEX "BotAnalyticsDaily_userId_day_idx" ON "BotAnalyticsDaily"("userId", "day");

-- CreateIndex
CREATE INDEX "BotAnalyticsActor_userId_lastSeenAt_idx" ON "BotAnalyticsActor"("userId", "lastSeenAt");

-- AddForeignKey
ALTER TABLE "BotLease" ADD CONSTRAINT "BotLease_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotMetric" ADD CONSTRAINT "BotMetric_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotAnalyticsEvent" ADD CONSTRAINT "BotAnalyticsEvent_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotAnalyticsHourly" ADD CONSTRAINT "BotAnalyticsHourly_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotAnalyticsDaily" ADD CONSTRAINT "BotAnalyticsDaily_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BotAnalyticsActor" ADD CONSTRAINT "BotAnalyticsActor_botId_fkey" FOREIGN KEY ("botId") REFERENCES "Bot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
