import type { TestProject } from 'vitest/node';
import { startProductServer, type ProductServer } from './product-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

let server: ProductServer | undefined;

/** One product server for the whole e2e run; specs isolate themselves with fresh users. */
export async function setup(project: TestProject) {
  server = await startProductServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('adminEmail', server.adminEmail);
  project.provide('adminPassword', server.adminPassword);
}

export async function teardown() {
  await server?.stop();
}
