import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../../platform/auth/decorators';
import type { RequestContext } from '../../platform/tenancy/request-context';
import type { Page } from '../../platform/http/list-query';
import { ApiProblems, IdParam } from '../../platform/http/openapi';
import { assertSameId } from '../../platform/http/resource';
import { ValueCountPage } from '../accounts/account.dto';
import type { ValueCount } from '../accounts/account.dto';
import {
  ContactFilterableValues,
  ContactListQuery,
  ContactPage,
  ContactResponse,
  CreateContactRequest,
  UpdateContactRequest,
} from './contact.dto';
import { ContactsService } from './contacts.service';
import { ContactEntity } from './contact.entity';
import { ExistingMember } from '../../platform/http/existing-member';

@ApiTags('Contacts')
@ApiBearerAuth()
@Controller('core-api/contacts')
export class ContactsCoreController {
  constructor(private readonly contacts: ContactsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listContacts',
    summary: 'List contacts',
    description: 'Contacts of the workspace; `Query` searches display, first and last name and job title.',
  })
  @ApiOkResponse({ description: 'A page of contacts: `data` and `total`', type: ContactPage })
  @ApiProblems(400, 401, 403)
  list(@Ctx() ctx: RequestContext, @Query() q: ContactListQuery): Promise<Page<ContactResponse>> {
    return this.contacts.list(ctx, q);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createContact',
    summary: 'Create a contact',
    description:
      'Create a contact (a person of the CRM), optionally linked to accounts (the first is the primary one) and to a client login.',
  })
  @ApiOkResponse({ description: 'The created contact', type: ContactResponse })
  @ApiProblems(400, 401, 403, 409)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateContactRequest): Promise<ContactResponse> {
    return this.contacts.create(ctx, body);
  }

  @Get('tags')
  @ApiOperation({
    operationId: 'listContactTags',
    summary: 'List contact tags',
    description: 'Tags used by contacts, with how many contacts use each.',
  })
  @ApiOkResponse({
    description: 'A page of tags with their contact counts: `data` and `total`',
    type: ValueCountPage,
  })
  @ApiProblems(401, 403)
  tags(@Ctx() ctx: RequestContext): Promise<Page<ValueCount>> {
    return this.contacts.usedTags(ctx);
  }

  @Get('job-titles')
  @ApiOperation({
    operationId: 'listContactJobTitles',
    summary: 'List contact job titles',
    description: 'Job titles used by contacts, with how many contacts have each.',
  })
  @ApiOkResponse({
    description: 'A page of job titles with their contact counts: `data` and `total`',
    type: ValueCountPage,
  })
  @ApiProblems(401, 403)
  jobTitles(@Ctx() ctx: RequestContext): Promise<Page<ValueCount>> {
    return this.contacts.usedJobTitles(ctx);
  }

  @Get('filterable-values')
  @ApiOperation({
    operationId: 'getContactFilterableValues',
    summary: 'Get the values of the contact filters',
    description: 'For each list filter (job_titles, owner_ids, tags) the values in use, with counts.',
  })
  @ApiOkResponse({ description: 'The values in use per filter, with counts', type: ContactFilterableValues })
  @ApiProblems(401, 403)
  filterableValues(@Ctx() ctx: RequestContext): Promise<ContactFilterableValues> {
    return this.contacts.filterableValues(ctx);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getContact',
    summary: 'Get a contact',
    description: 'One contact of the current workspace, with its account links.',
  })
  @ApiOkResponse({ description: 'The contact', type: ContactResponse })
  @ApiProblems(400, 401, 403, 404)
  get(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<ContactResponse> {
    return this.contacts.get(ctx, id);
  }

  @Put(':id')
  @ExistingMember(ContactEntity, 'Contact')
  @ApiOperation({
    operationId: 'updateContact',
    summary: 'Update a contact',
    description:
      'Replace a contact (omitted optional fields become null / empty; `accounts` replaces the links).',
  })
  @ApiOkResponse({ description: 'The contact as stored', type: ContactResponse })
  @ApiProblems(400, 401, 403, 404, 409, 412)
  update(
    @Ctx() ctx: RequestContext,
    @IdParam() id: string,
    @Body() body: UpdateContactRequest,
  ): Promise<ContactResponse> {
    assertSameId(id, body.id);
    return this.contacts.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'deleteContact',
    summary: 'Delete a contact',
    description: 'Delete a contact (its account links go with it; its client login stays).',
  })
  @ApiOkResponse({ description: 'Deleted; the answer has no body' })
  @ApiProblems(400, 401, 403, 404, 412)
  async remove(@Ctx() ctx: RequestContext, @IdParam() id: string): Promise<void> {
    await this.contacts.remove(ctx, id);
  }
}
