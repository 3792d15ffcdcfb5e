import { useFormatters } from './use-formatters';

/** Update times matter to the minute (SCA goes stale after 20 h): the portal's one date-time format. */
export function useDateTime(): (value: string) => string {
  return useFormatters().dateTime;
}
