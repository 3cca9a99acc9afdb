import { type INestApplication, RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { PUBLIC_KEY, READ_OPERATION_KEY } from '../auth/decorators';

const NOT_A_CREATE_KEY = 'idempotency:notACreate';

/**
 * A POST on a collection itself that is not a create (an action such as AI translations), or
 * whose request the fingerprint cannot see (a multipart upload: its files are not the JSON body):
 * it ignores `Idempotency-Key`.
 */
export const NotACreate = () => SetMetadata(NOT_A_CREATE_KEY, true);

/**
 * The operations that honour `Idempotency-Key`: creates, i.e. a POST to a collection itself
 * (`@Post()` without a sub-path) by an authenticated caller. Everything else ignores the header —
 * in particular the auth operations (login, refresh, switch-workspace, logout), whose answers
 * carry credentials and must never be stored or replayed, and actions and uploads on sub-paths.
 */
export function honoursIdempotencyKey(handler: object): boolean {
  return (
    Reflect.getMetadata(METHOD_METADATA, handler) === RequestMethod.POST &&
    Reflect.getMetadata(PATH_METADATA, handler) === '/' &&
    !Reflect.getMetadata(PUBLIC_KEY, handler) &&
    !Reflect.getMetadata(READ_OPERATION_KEY, handler) &&
    !Reflect.getMetadata(NOT_A_CREATE_KEY, handler)
  );
}

/** A create that honours `Idempotency-Key`: its controller's prototype, method name and paths. */
export interface IdempotentHandler {
  prototype: object;
  name: string;
  handler: object;
  /** The controller's path(s) (`core-api/accounts`) and the handler's (`/`). */
  controllerPaths: string[];
  handlerPath: string;
}

/** Every handler of the application that honours `Idempotency-Key` (`honoursIdempotencyKey`). */
export function idempotentHandlers(app: INestApplication): IdempotentHandler[] {
  const found: IdempotentHandler[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!type?.prototype) continue;
      const controllerPaths = [Reflect.getMetadata(PATH_METADATA, type) as string | string[] | undefined]
        .flat()
        .map((p) => p ?? '');
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor' || !honoursIdempotencyKey(handler))
          continue;
        const handlerPath = Reflect.getMetadata(PATH_METADATA, handler) as string;
        found.push({ prototype: type.prototype, name, handler, controllerPaths, handlerPath });
      }
    }
  }
  return found;
}
