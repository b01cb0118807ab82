import Fastify from 'fastify';
import type { AppContext } from '../src/app-context';
import { openApiSerializerCompiler } from '../src/lib/openapi';
import type { AppModule } from '../src/modules/module-table';
import { strictBodyValidatorCompiler } from '../src/plugins/strict-body';

/**
 * What the module table says is admin-only, as `METHOD /api/path/{param}`: the routes its
 * `adminRoutes` plugins register, found by registering them (alone, under /api) in a throwaway
 * Fastify instance and listening to onRoute.
 */
export async function adminRoutesOf(modules: readonly AppModule[], ctx: AppContext): Promise<Set<string>> {
  const scratch = Fastify();
  scratch.setValidatorCompiler(strictBodyValidatorCompiler);
  scratch.setSerializerCompiler(openApiSerializerCompiler);
  const keys = new Set<string>();
  scratch.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') keys.add(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    }
  });
  await scratch.register(
    async (api) => {
      for (const m of modules) if (m.adminRoutes) await api.register(m.adminRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  await scratch.ready();
  await scratch.close();
  return keys;
}
