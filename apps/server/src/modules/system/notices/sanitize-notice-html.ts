import {
  RICH_TEXT_ALLOWED_TAGS,
  SANITIZER_ALLOWED_ATTRIBUTES,
  SANITIZER_ALLOWED_SCHEMES,
} from '@netfleet/contracts';
import sanitizeHtml from 'sanitize-html';

const SAFE_REL = 'noopener noreferrer';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_ALLOWED_TAGS],
  // rel is ours: set below on links that open elsewhere, never taken from the input.
  allowedAttributes: { a: [...SANITIZER_ALLOWED_ATTRIBUTES.a, 'rel'] },
  allowedSchemes: [...SANITIZER_ALLOWED_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Spec §9: other markup is escaped, so it shows as text rather than silently vanishing.
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs) => {
      const { rel: _ignored, ...rest } = attribs;
      // A target opens a new browsing context that could otherwise script window.opener.
      return { tagName, attribs: rest.target ? { ...rest, rel: SAFE_REL } : rest };
    },
  },
};

/** Global notice HTML reduced to the spec §9 rich-text allow-list; stored in this form. */
export const sanitizeNoticeHtml = (html: string): string => sanitizeHtml(html, options);
