-- CreateTable
CREATE TABLE "RuntimeServiceHealth" (
    "id" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "restarts" INTEGER NOT NULL DEFAULT 0,
    "failuresInRow" INTEGER NOT NULL DEFAULT 0,
    "upSince" TIMESTAMP(3),
    "nextAttemptAt" TIMESTAMP(3),
    "lastExitAt" TIMESTAMP(3),
    "lastExitCode" INTEGER,
    "lastExitSignal" TEXT,
    "lastStderr" TEXT,
    "reportedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RuntimeServiceHealth_pkey" PRIMARY KEY ("id")
);
