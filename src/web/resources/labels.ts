import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, type Language } from '../../shared/constants';
import type { ResourceDefinition, ResourceLabels } from '../../shared/resources/types';
import { isLanguage } from '../i18n/language';

// A resource's own texts, read from its definition in the shown language (the other language,
// then the bare name, when a label is missing). Read directly rather than through i18next keys
// so that an enum value with a dot in it is still found; the same labels are registered with
// i18next for the rest of the console (definitions.ts).

export interface ResourceText {
  language: Language;
  title: string;
  /** The name of one record (labels.record, else the title). */
  record: string;
  field(name: string): string;
  /** The label of an enum value; `state` uses the state labels. */
  option(field: string, value: unknown): string;
  state(value: string): string;
  action(name: string): string;
  /** actions.<name>.confirm, if the resource words one. */
  confirm(name: string): string | undefined;
  done(name: string): string | undefined;
  section(key: string): string;
  help(field: string): string | undefined;
  /** The console's own words (resources namespace), for values such as yes/no and long-term. */
  chrome(key: string, options?: Record<string, unknown>): string;
}

type Labelled = Pick<ResourceDefinition, 'name' | 'labels'>;

export function resourceText(
  definition: Labelled,
  language: Language,
  system: (field: string) => string | undefined,
  chrome: ResourceText['chrome'] = (key) => key,
): ResourceText {
  const own: ResourceLabels = definition.labels[language];
  const other: ResourceLabels | undefined = definition.labels[language === FALLBACK_LANGUAGE ? 'zh-CN' : FALLBACK_LANGUAGE];
  const pick = <T>(get: (labels: ResourceLabels) => T | undefined): T | undefined => get(own) ?? (other ? get(other) : undefined);
  const state = (value: string) => pick((l) => l.states?.[value]) ?? value;
  const title = pick((l) => l.title) ?? definition.name;
  return {
    language,
    title,
    record: own.record ?? title,
    field: (name) => pick((l) => l.fields[name]) ?? system(name) ?? name,
    option: (field, value) => (field === 'state' ? state(String(value)) : (pick((l) => l.enums?.[field]?.[String(value)]) ?? String(value))),
    state,
    action: (name) => pick((l) => l.actions?.[name]?.label) ?? name,
    confirm: (name) => pick((l) => l.actions?.[name]?.confirm),
    done: (name) => pick((l) => l.actions?.[name]?.done),
    section: (key) => pick((l) => l.sections?.[key]) ?? key,
    help: (field) => pick((l) => l.help?.[field]),
    chrome,
  };
}

/** The texts of a resource in the language now shown; re-renders when the language changes. */
export function useResourceText(definition: Labelled): ResourceText {
  const { t, i18n } = useTranslation('resources');
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'zh-CN';
  return useMemo(
    () =>
      resourceText(
        definition,
        language,
        (field) => {
          const key = `system.${field}`;
          return i18n.exists(key, { ns: 'resources' }) ? t(key) : undefined;
        },
        (key, options) => t(key, options),
      ),
    [definition, language, t, i18n],
  );
}
