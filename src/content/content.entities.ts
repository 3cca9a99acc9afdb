import { DocumentEntity } from './documents/document.entity';
import { ContentPageEntity } from './pages/content-page.entity';

export const contentEntities = [ContentPageEntity, DocumentEntity];
