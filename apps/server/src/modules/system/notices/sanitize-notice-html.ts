import {
  isAllowedImageSource,
  isAllowedImageSrcset,
  RICH_TEXT_ALLOWED_TAGS,
  SANITIZER_ALLOWED_ATTRIBUTES,
  SANITIZER_ALLOWED_SCHEMES,
} from '@netfleet/contracts';
import sanitizeHtml from 'sanitize-html';

const SAFE_REL = 'noopener noreferrer';

/** Spec §9 sanitizer images: kept with http(s) or inline data image sources only. */
function imageAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  return Object.fromEntries(
    Object.entries(attribs).filter(([name, value]) => {
      if (name === 'src') return isAllowedImageSource(value);
      return name !== 'srcset' || isAllowedImageSrcset(value);
    }),
  );
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_ALLOWED_TAGS, 'img'],
  // rel is ours: set below on links that open elsewhere, never taken from the input.
  allowedAttributes: {
    a: [...SANITIZER_ALLOWED_ATTRIBUTES.a, 'rel'],
    img: [...SANITIZER_ALLOWED_ATTRIBUTES.img],
  },
  allowedSchemes: [...SANITIZER_ALLOWED_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Spec §9: other markup is escaped, so it shows as text rather than silently vanishing.
  disallowedTagsMode: 'escape',
  // An image whose source was not allowed would show nothing: it is left out.
  exclusiveFilter: (frame) => frame.tag === 'img' && frame.attribs.src === undefined,
  transformTags: {
    a: (tagName, attribs) => {
      const { rel: _ignored, ...rest } = attribs;
      // A target opens a new browsing context that could otherwise script window.opener.
      return { tagName, attribs: rest.target ? { ...rest, rel: SAFE_REL } : rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: imageAttributes(attribs) }),
  },
};

/** Global notice HTML reduced to the spec §9 rich-text allow-list plus images; stored so. */
export const sanitizeNoticeHtml = (html: string): string => sanitizeHtml(html, options);
