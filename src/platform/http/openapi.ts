import { applyDecorators, Param, ParseUUIDPipe } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiParam,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { badRequest } from './problem';

/** The RFC 9457 body of every error (api-conventions §6). */
export class ProblemResponse {
  @ApiProperty({ example: 'https://httpstatuses.io/400' }) type: string;
  @ApiProperty({ example: 'Bad Request' }) title: string;
  @ApiProperty({ type: 'integer', example: 400 }) status: number;
  @ApiProperty({ example: 'One or more fields are invalid.' }) detail: string;
  @ApiProperty({ example: '/core-api/accounts' }) instance: string;
  @ApiPropertyOptional({
    description: 'Per bad field, its messages (400; also 409 for duplicate unique values)',
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { name: ['name must be shorter than or equal to 255 characters'] },
  })
  errors?: Record<string, string[]>;
  @ApiPropertyOptional({ description: 'On 500 only: quote it to find the log line' }) correlationId?: string;
}

const descriptions: Record<number, string> = {
  400: 'Invalid input: `errors` names every bad field',
  401: 'No valid access token',
  403: 'The caller’s role or user type does not permit this',
  404: 'Not found in the caller’s workspace',
  409: 'Duplicate unique value, illegal state transition, or still referenced',
  412: 'If-Match does not name the current version',
  413: 'Body over 1 MiB, upload over 10 MiB, or an upload over the workspace storage quota',
  415: 'Unsupported content type',
  429: 'Too many attempts; see Retry-After',
  502: 'An external service gave an answer that could not be used',
  503: 'Not available now: a required external service is not configured or not reachable, or the workspace’s atomic price rules are busy or could not run (see Retry-After)',
};

/** Documents the problem answers an operation can give (401 is added to every protected one). */
export const ApiProblems = (...statuses: number[]) =>
  applyDecorators(
    ApiExtraModels(ProblemResponse),
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: descriptions[status] ?? 'Error',
        content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemResponse) } } },
      }),
    ),
  );

const uuidPipe = (name: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => badRequest({ [name]: [`${name} must be a UUID`] }) });

/** A UUID path parameter; a malformed one is a 400 naming it (api-conventions §8). */
export const IdParam = (name = 'id'): ParameterDecorator => {
  const param = Param(name, uuidPipe(name));
  const doc = ApiParam({ name, format: 'uuid', type: 'string' });
  return (target, key, index) => {
    param(target, key, index);
    if (key) doc(target, key, Object.getOwnPropertyDescriptor(target, key)!);
  };
};
