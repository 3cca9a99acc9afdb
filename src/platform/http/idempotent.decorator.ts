import { RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
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
