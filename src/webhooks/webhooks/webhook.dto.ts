import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { httpUrl, httpUrlFormat } from '../../platform/http/openapi';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
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
import {
  attemptErrorClasses,
  deliveryStatuses,
  type AttemptErrorClass,
  type DeliveryStatus,
} from './webhook.entity';

class WebhookFields extends ExternalReferenceBody {
  @ApiProperty({
    ...httpUrlFormat,
    maxLength: 2048,
    example: 'https://example.com/hooks/trade',
    description:
      'The http(s) endpoint deliveries are POSTed to. Private, loopback and link-local targets are refused (unless the service allows them); redirects are not followed.',
  })
  @IsString()
  @MaxLength(2048)
  @IsUrl(httpUrl)
  url: string;

  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: 200,
    example: ['DealCreated', 'Deal*Updated', 'AccountDisplayNameUpdated'],
    description:
      'Topics of GET /core-api/webhooks/topics (`*` is every activity, `{Entity}*Updated` every property update of that entity), or one `{Entity}{Property}Updated` activity type',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  topics: string[];

  @ApiPropertyOptional({ default: true, description: 'An inactive webhook receives nothing' })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 65535 })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  description?: string | null;
}

export class CreateWebhookRequest extends WebhookFields {}

export class UpdateWebhookRequest extends UpdateIdBody(WebhookFields) {
  @ApiPropertyOptional({
    default: false,
    description: 'Replace the signing secret; the new one is in this answer only',
  })
  @IsOptional()
  @IsBoolean()
  rotateSecret?: boolean;
}

export class WebhookResponse extends ScopedResponse {
  @ApiProperty() url: string;
  @ApiProperty({ type: [String] }) topics: string[];
  @ApiProperty() active: boolean;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description:
      'The signing secret (Standard Webhooks, `whsec_` + base64): in the answer to the create and to an update with `rotateSecret`, null in every other answer',
  })
  secret: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      'The first failed attempt since the last successful one; a webhook failing for a day is deactivated',
  })
  failingSince: string | null;
}
export class WebhookPage extends PageOf(WebhookResponse) {}

export class WebhookListQuery extends ListQuery(['CreatedAt', 'Url'] as const) {
  @UuidsFilter()
  ids?: string[];
  @StringsFilter()
  external_references?: string[];
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @BooleanFilter()
  @IsBoolean()
  active?: boolean;
}

export class WebhookTopic {
  @ApiProperty({
    example: 'DealStatusIdUpdated',
    description:
      'An activity type (`DealCreated`, `DealStatusIdUpdated`), or a wildcard: `*`, `Deal*Updated`',
  })
  topic: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'Deal', description: 'null for `*`' })
  entityType: string | null;
  @ApiProperty({ example: 'The statusId of a deal changed' }) description: string;
}
export class WebhookTopicPage extends PageOf(WebhookTopic) {}

export class WebhookDeliveryResponse {
  @ApiProperty({ format: 'uuid', description: 'Also the `webhook-id` header of every attempt' }) id: string;
  @ApiProperty({ format: 'uuid' }) webhookId: string;
  @ApiProperty({ format: 'uuid' }) activityId: string;
  @ApiProperty({ example: 'DealCreated' }) activityType: string;
  @ApiProperty({
    enum: deliveryStatuses,
    description: 'Pending (queued or retrying), Delivered (a 2xx answer), Failed (given up)',
  })
  status: DeliveryStatus;
  @ApiProperty({
    type: 'integer',
    description:
      'Attempts made so far (each one is in GET /core-api/webhooks/{id}/deliveries/{deliveryId}/attempts)',
  })
  attempts: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) lastAttemptAt: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null when no answer came' })
  lastStatusCode: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Milliseconds of the last attempt' })
  lastDurationMs: number | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'HTTP 500' }) lastError: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When the next attempt is due (Pending only)',
  })
  nextAttemptAt: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) deliveredAt: string | null;
}
export class WebhookDeliveryPage extends PageOf(WebhookDeliveryResponse) {}

export class WebhookDeliveryListQuery extends ListQuery(['CreatedAt'] as const) {
  @ApiPropertyOptional({ type: [String], enum: deliveryStatuses })
  @IsOptional()
  @ArrayFilter()
  @IsArray()
  @IsIn(deliveryStatuses, { each: true })
  statuses?: DeliveryStatus[];
  @UuidsFilter()
  activity_ids?: string[];
}

export class WebhookDeliveryAttemptResponse {
  @ApiProperty({ type: 'integer', example: 1, description: 'The attempt number, from 1' }) attempt: number;
  @ApiProperty({ format: 'date-time' }) startedAt: string;
  @ApiProperty({ type: 'integer', description: 'Milliseconds until the answer (or the failure)' })
  durationMs: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 500,
    description: "The receiver's status code; null when no answer came",
  })
  statusCode: number | null;
  @ApiProperty({
    type: 'string',
    enum: attemptErrorClasses,
    nullable: true,
    description:
      'Why the attempt failed without an answer: Timeout (cut after the timeout), ConnectionRefused, ConnectionReset, DnsFailure (the name does not resolve), RefusedTarget (a private or otherwise non-public address), TlsError, NetworkError; RedirectNotFollowed for a 3xx answer. null when an answer other than a redirect came.',
  })
  errorClass: AttemptErrorClass | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'HTTP 500', description: 'null for a 2xx answer' })
  error: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    maxLength: 1024,
    description: "The start of the answer's body (at most 1 KiB, as UTF-8); null without a body",
  })
  responseExcerpt: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      'The retry this attempt scheduled; null when it settled the delivery (delivered, or given up)',
  })
  nextAttemptAt: string | null;
}
export class WebhookDeliveryAttemptPage extends PageOf(WebhookDeliveryAttemptResponse) {}

export class WebhookDeliveryAttemptListQuery extends ListQuery(['Attempt', 'StartedAt'] as const) {}
