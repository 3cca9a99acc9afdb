import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  ArrayFilter,
  BooleanFilter,
  ListQuery,
  PageOf,
  StringsFilter,
  UuidsFilter,
} from '../../platform/http/list-query';
import { ExternalReferenceBody, ScopedResponse, UpdateIdBody } from '../../platform/http/resource';
import { type ScriptTrigger, scriptTriggers } from './atomic-script.entity';

const codeDescription =
  'JavaScript: the body of a function of `input`, run in a sandbox (QuickJS in a worker thread: no ' +
  'process, network, file system or timers). For `PriceCalculation`, `input` is `{ product, quantity, ' +
  'account, customerPrice, shouldRequestPrice, messages }` and the script may return `{ customerPrice?, ' +
  'shouldRequestPrice?, messages? }` (at most 64 KB of JSON; see docs/pricing.md). Limits (defaults; ' +
  'settings `SCRIPTS_*`): 50 ms per line and script, 500 ms of wall clock per price request for all its ' +
  'lines × scripts (the worker is terminated past it, and the workspace’s scripts then rest 5 s), 32 MB ' +
  'of memory per workspace (8 MB of heap per request), 10,000 runs per request; nothing a script leaves in its globals ' +
  'survives the request. For comparison, Shopify Functions allow 5 ms, 11 M instructions and 64 KB of ' +
  'input. Fail closed: a line whose scripts throw, hit a limit or answer something malformed is priced ' +
  '`shouldRequestPrice: true` with a message, and an order of it is refused (503). A syntax error is a ' +
  '400 on save; the compile check runs in the same sandbox (503 with Retry-After when the workspace’s ' +
  'sandbox queue is full).';

class AtomicScriptFields extends ExternalReferenceBody {
  @ApiProperty({ maxLength: 255 }) @IsString() @IsNotEmpty() @MaxLength(255) name: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;
  @ApiProperty({ enum: scriptTriggers, description: 'When the script runs' })
  @IsIn(scriptTriggers)
  trigger: ScriptTrigger;
  @ApiProperty({
    maxLength: 65535,
    description: codeDescription,
    example: 'if (input.quantity >= 100) return { messages: ["Free delivery"] };',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(65535)
  code: string;
  @ApiPropertyOptional({ default: true, description: 'Only active scripts run' })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
  @ApiPropertyOptional({
    type: 'integer',
    default: 0,
    description: 'Scripts of a trigger run in ascending order',
  })
  @IsOptional()
  @IsInt()
  @Min(-1000000)
  @Max(1000000)
  displayOrder?: number;
}

export class CreateAtomicScriptRequest extends AtomicScriptFields {}

export class UpdateAtomicScriptRequest extends UpdateIdBody(AtomicScriptFields) {}

export class AtomicScriptResponse extends ScopedResponse {
  @ApiProperty() name: string;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ enum: scriptTriggers }) trigger: ScriptTrigger;
  @ApiProperty() code: string;
  @ApiProperty() active: boolean;
  @ApiProperty() displayOrder: number;
}
export class AtomicScriptPage extends PageOf(AtomicScriptResponse) {}

export class AtomicScriptListQuery extends ListQuery(['DisplayOrder', 'Name'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ type: [String], enum: scriptTriggers })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsIn(scriptTriggers, { each: true })
  triggers?: ScriptTrigger[];
  @ApiPropertyOptional({ type: 'boolean' })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  active?: boolean;
}
