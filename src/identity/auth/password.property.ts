import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/**
 * A password in a request body (users and client logins): 8 to 1024 characters. `optional` for
 * updates, where it sets a new password when given.
 */
export const PasswordProperty = ({ optional = false } = {}) =>
  applyDecorators(
    ApiProperty({
      minLength: 8,
      maxLength: 1024,
      format: 'password',
      required: !optional,
      ...(optional ? { description: 'Sets a new password when given' } : {}),
    }),
    ...(optional ? [IsOptional()] : []),
    IsString(),
    MinLength(8),
    MaxLength(1024),
  );
