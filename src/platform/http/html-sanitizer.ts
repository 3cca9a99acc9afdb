import sanitizeHtml from 'sanitize-html';

/**
 * What stored Html may hold: text markup, links, tables and images over http(s). No scripts, no
 * styles, no frames or forms, no event handler or style attributes, no `javascript:` or `data:`
 * URLs. Anything else is dropped (its text kept, except inside script/style).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link that opens a new window cannot reach back to the page that opened it.
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** Html made safe to store and show (sanitize-html with the allow-list above). */
export const sanitizeHtmlBody = (html: string): string => sanitizeHtml(html, options);
