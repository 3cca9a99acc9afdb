import { AccountEntity } from './accounts/account.entity';
import { ContactAccountEntity, ContactEntity } from './contacts/contact.entity';
import { CommentEntity } from './comments/comment.entity';
import { DealContactEntity, DealEntity, DealProductEntity } from './deals/deal.entity';
import { PipelineEntity, PipelineStatusEntity } from './pipelines/pipeline.entity';

/** Every entity of the CRM context (listed in src/app.entities.ts). */
export const crmEntities = [
  // accounts and contacts (engineer C)
  AccountEntity,
  ContactEntity,
  ContactAccountEntity,
  // pipelines, deals, comments (engineer D)
  PipelineEntity,
  PipelineStatusEntity,
  DealEntity,
  DealContactEntity,
  DealProductEntity,
  CommentEntity,
];
