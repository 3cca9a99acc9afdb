import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';

/** Search-engine texts of a page in one language, as a body (product display contents, content pages). */
export class SeoBody {
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 255,
    description: 'The page title search engines show',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  metaTitle?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 65535,
    description: 'The snippet search engines show',
  })
  @IsOptional()
  @IsString()
  @MaxLength(65535)
  metaDescription?: string | null;

  @ApiPropertyOptional({
    type: [String],
    maxItems: 100,
    description: 'Keywords (each at most 255 characters)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  keywords?: string[];
}

/** Search-engine texts of a page in one language, as answered. */
export class Seo {
  @ApiProperty({ type: 'string', nullable: true }) metaTitle: string | null;
  @ApiProperty({ type: 'string', nullable: true }) metaDescription: string | null;
  @ApiProperty({ type: [String] }) keywords: string[];
}
