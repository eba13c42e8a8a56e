import type { TestProject } from "vitest/node";

import { createThrowawayDatabase } from "./throwaway-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databasePoolSize: number;
  }
}

export default async function setup(project: TestProject) {
  const database = await createThrowawayDatabase("it");
  project.provide("databaseUrl", database.url);
  project.provide("databasePoolSize", database.poolSize);
  return () => database.drop();
}
