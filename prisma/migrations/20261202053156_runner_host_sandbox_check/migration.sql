-- AlterTable
ALTER TABLE "RunnerHost" ADD COLUMN     "sandboxCheckedAt" TIMESTAMP(3),
ADD COLUMN     "sandboxRetryAt" TIMESTAMP(3);
