import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../platform/auth/decorators';
import { version } from './version';

export class VersionResponse {
  @ApiProperty({ example: '0.1.0', description: 'Semantic version of the service' }) version: string;
}
export class InfoResponse extends VersionResponse {
  @ApiProperty({ example: '2026-11-23T10:00:00.000+01:00', description: 'Server time with its UTC offset' })
  serverTime: string;
}

/** ISO 8601 with the server's own UTC offset (interface §9: "in the server's own time zone"). */
export function localIsoTime(d = new Date()): string {
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
  const local = new Date(d.getTime() + offset * 60000).toISOString().slice(0, 23);
  return `${local}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

@ApiTags('Info')
@Controller('core-api/info')
export class InfoController {
  @Get('version')
  @Public()
  @ApiOperation({
    operationId: 'getVersion',
    summary: 'Get the API version',
    description: "The version of the running service, as in the document's info.version.",
  })
  @ApiOkResponse({ description: 'The API version', type: VersionResponse })
  version(): VersionResponse {
    return { version };
  }

  @Get()
  @Public()
  @ApiOperation({
    operationId: 'getInfo',
    summary: 'Get the API version and server time',
    description:
      "The version of the running service and the server's current time with its UTC offset, e.g. to detect clock skew.",
  })
  @ApiOkResponse({ description: 'The API version and the server time', type: InfoResponse })
  info(): InfoResponse {
    return { version, serverTime: localIsoTime() };
  }
}
