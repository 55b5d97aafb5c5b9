// Fastify's route validators, each compiled on its route's first request instead of at start.
// Compiling the ~300 request schemas (params, query strings, bodies) with ajv took a third of a
// restart's CPU (docs/decisions.md "Memory and start"), mostly for routes an instance may never
// serve. The compiler is Fastify's own (@fastify/ajv-compiler, what Fastify uses when none is
// given), with the server's ajv options; only when it runs changes. A schema ajv cannot compile
// now fails that route's first request, not the start: the fuzz and OpenAPI tests call every route.
import AjvCompiler from '@fastify/ajv-compiler';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };
type Build = (externalSchemas: Record<string, unknown>, options?: unknown) => (route: RouteSchema) => Validate;

export function lazyValidatorBuilder(): Build {
  const build = AjvCompiler() as unknown as Build;
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let validate: Validate | undefined;
      // Fastify reads `.errors` of the function it was given after a failed validation.
      const lazy: Validate = (data) => {
        validate ??= compile(route);
        const result = validate(data);
        lazy.errors = validate.errors;
        return result;
      };
      return lazy;
    };
  };
}
