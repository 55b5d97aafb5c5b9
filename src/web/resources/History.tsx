import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../shared/resources/types';
import { FieldValue } from './FieldValue';
import { kindOf } from './fieldKind';
import { formatDateTime, stateColour } from './format';
import type { ResourceText } from './labels';

/** One entry of a record's history (GET /api/r/:resource/:id `events`), oldest first. */
export interface RecordEvent {
  action: string;
  from: string | null;
  to: string | null;
  input?: Record<string, unknown> | null;
  /** null: the system acted (an expiry). */
  by: string | null;
  /** Who moved it (server records.ts HistoryActor); absent in an answer cached before it was sent. */
  actor?: { kind: 'person'; name: string; accountName: string | null; apiKey?: string } | { kind: 'system'; job: string };
  at: string;
}

/** Who moved it, in words: a person with its account or key, or the system's job (the audit trail's words). */
function useActorText(): (actor: RecordEvent['actor']) => string {
  const { t } = useTranslation(['resources', 'audit']);
  return (actor) => {
    if (!actor) return '';
    if (actor.kind === 'system') return t('audit:system', { job: t(`audit:jobs.${actor.job}`, { defaultValue: actor.job }) });
    const name = actor.name || actor.accountName || '';
    if (actor.apiKey !== undefined) return t('resources:history.byKey', { name, key: actor.apiKey });
    // An owner registered without a person's name is named as its account: said once.
    return actor.accountName && actor.name && actor.name !== actor.accountName ? t('resources:history.by', { name: actor.name, account: actor.accountName }) : name;
  };
}

/** An id (uuid): says nothing to a reader by itself. */
const ID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The fields an event's input is read with: its action's declared input, then the record's own
 * fields (a clearing run's `amount` on a bill), then the other actions' inputs (a system move
 * carries the input of the action it completes: a split the passOn's `passAmount`), so money reads
 * 1,234.00, files as files, a reference as its record's title and link.
 */
function inputDefinition(definition: ResourceDefinition, action: string): Pick<ResourceDefinition, 'record' | 'states'> {
  const others = Object.assign({}, ...(definition.actions ?? []).map((a) => a.input?.properties ?? {}));
  const declared = definition.actions?.find((a) => a.name === action)?.input?.properties ?? {};
  return { record: { ...definition.record, properties: { ...others, ...definition.record.properties, ...declared } }, states: definition.states };
}

const TIMELINE_COLOURS: Record<string, string> = { success: 'green', processing: 'blue', error: 'red', warning: 'orange', default: 'gray' };

/** The record's history as a timeline, newest first: what happened, the state change, when and by whom, and the input given. */
export function History({ definition, events, text }: { definition: ResourceDefinition; events: RecordEvent[]; text: ResourceText }) {
  const { t } = useTranslation('resources');
  const actorText = useActorText();
  const states = definition.states?.values ?? [];
  const items = [...events].reverse().map((event, index) => {
    const label = event.action === 'create' ? t('history.create') : event.action === 'expire' ? t('history.expire') : text.action(event.action);
    const colour = event.to ? stateColour(event.to, states) : 'default';
    const fields = inputDefinition(definition, event.action);
    // A value neither declared nor a field of the record is shown as given; a bare id (a run's, a
    // counterparty's) is left out unless it is a reference, which shows its record's title.
    const input = Object.entries(event.input ?? {}).filter(([field, value]) => !(typeof value === 'string' && ID_TEXT.test(value)) || kindOf(fields, field) === 'reference');
    return {
      key: `${event.at}-${index}`,
      color: TIMELINE_COLOURS[colour] ?? colour,
      children: (
        <div className="resource-history__event">
          <Typography.Text strong>{label}</Typography.Text>
          {event.to && (
            <Typography.Text type="secondary">
              {' '}
              {event.from ? t('history.moved', { from: text.state(event.from), to: text.state(event.to) }) : text.state(event.to)}
            </Typography.Text>
          )}
          <div>
            <Typography.Text type="secondary">{[formatDateTime(event.at), actorText(event.actor)].filter(Boolean).join(' · ')}</Typography.Text>
          </div>
          {input.map(([field, value]) => (
            <div key={field} className="resource-history__input">
              {text.field(field)}:{' '}
              {field in fields.record.properties ? (
                <FieldValue definition={fields} field={field} value={value} text={text} variant="detail" />
              ) : typeof value === 'string' ? (
                value
              ) : (
                JSON.stringify(value)
              )}
            </div>
          ))}
        </div>
      ),
    };
  });
  if (items.length === 0) return <Typography.Text type="secondary">{t('history.empty')}</Typography.Text>;
  return <Timeline items={items} />;
}
