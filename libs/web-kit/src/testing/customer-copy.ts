/**
 * Words of the engineering behind Lipcast that mean nothing to a creator (issue 37, item 14): the
 * customer-facing copy says what the product does for them instead.
 */
export const ENGINEERING_WORDS = /\b(cloud keys?|API keys?|offline|provider ports?|micro-?frontends?|workers?|replicas?|mid-render|CPU cores?|configuration|engine)\b/i;
