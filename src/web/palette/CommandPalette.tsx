import { AppstoreOutlined, FileTextOutlined, SearchOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Input, Modal, Typography, type InputRef } from 'antd';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_LANGUAGE } from '../../shared/constants';
import { isLanguage } from '../i18n/language';
import { locationKey } from '../resources/recordCommands';
import { useNavigationTree } from '../resources/useNavigationTree';
import { matches, matchPages, pagesOf, type Command } from './commands';
import { closePalette, returnFocus } from './paletteStore';
import { useActionCommands } from './useActionCommands';
import { MIN_SEARCH_LENGTH, useRecordHits } from './useRecordHits';
import './palette.css';

/** Pages offered before anything is typed, and once something is. */
const PAGES_UNTYPED = 6;
const PAGES_TYPED = 8;

const ICONS = { action: <ThunderboltOutlined />, page: <AppstoreOutlined />, record: <FileTextOutlined /> } as const;

/**
 * The command palette (issue 32, Ctrl/Cmd-K): one search over the open record's actions, the
 * pages of the menu the caller may see and the records the server finds by number or title.
 * Up and down move through them, Enter opens one, Esc closes; a combobox with a listbox to
 * screen readers (aria-activedescendant names the option the keys are on). Its own chunk:
 * loaded on the first Ctrl-K or click of the header's button (PaletteHost).
 */
export default function CommandPalette({ open }: { open: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const { t: menuText } = useTranslation('menu');
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<InputRef>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);

  const tree = useNavigationTree();
  const pages = useMemo(() => pagesOf(tree, (key) => menuText(key)), [tree, menuText]);
  const actions = useActionCommands(locationKey(location), language);
  const records = useRecordHits(open ? text : '', language);

  const groups: { key: string; label: string; commands: Command[] }[] = [
    { key: 'actions', label: t('palette.actions'), commands: actions.filter((action) => matches(action, text)) },
    { key: 'pages', label: t('palette.pages'), commands: matchPages(pages, text, text.trim() ? PAGES_TYPED : PAGES_UNTYPED) },
    { key: 'records', label: t('palette.records'), commands: records.hits },
  ].filter((group) => group.commands.length > 0);
  const commands: Command[] = groups.flatMap((group) => group.commands);
  const current = commands.length ? Math.min(active, commands.length - 1) : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // Each time it opens, typing goes to the search (the dialog would otherwise hold the focus).
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  // The option the keys are on stays in view.
  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (command: Command) => {
    closePalette(false);
    if (command.kind === 'action') command.run();
    else navigate(command.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that confirm a Chinese input method's candidate are the input method's.
    if (event.nativeEvent.isComposing || !commands.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + commands.length) % commands.length);
    } else if (event.key === 'Enter' && current >= 0) {
      event.preventDefault();
      choose(commands[current]);
    }
  };

  const typed = text.trim();
  let status = '';
  if (records.searching) status = t('palette.searching');
  else if (records.failed.length) status = t('palette.searchFailed');
  else if (typed.length > 0 && typed.length < MIN_SEARCH_LENGTH) status = t('palette.typeMore', { count: MIN_SEARCH_LENGTH });
  else if (typed && !commands.length) status = t('palette.nothing', { text: typed });
  else if (records.searched) status = t('palette.found', { count: records.hits.length });

  let index = -1;
  return (
    <Modal
      open={open}
      title={t('palette.title')}
      className="command-palette"
      width={640}
      footer={null}
      closable={false}
      destroyOnHidden
      focusTriggerAfterClose={false}
      onCancel={() => closePalette(true)}
      afterOpenChange={(visible) => {
        if (visible) input.current?.focus();
      }}
      afterClose={() => {
        setText('');
        setActive(0);
        returnFocus();
      }}
    >
      <Input
        ref={input}
        size="large"
        variant="borderless"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('palette.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('palette.search')}
        aria-expanded={commands.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        className="command-palette__input"
      />
      <div id={listId} role="listbox" aria-label={t('palette.results')} className="command-palette__list">
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`}>
            <div id={`${listId}-${group.key}`} className="command-palette__group">
              {group.label}
            </div>
            {group.commands.map((command) => {
              index += 1;
              const at = index;
              return (
                <div
                  key={command.id}
                  id={optionId(at)}
                  role="option"
                  aria-selected={at === current}
                  className={`command-palette__option${at === current ? ' command-palette__option--active' : ''}`}
                  onMouseMove={() => at !== current && setActive(at)}
                  onClick={() => choose(command)}
                >
                  <span className="command-palette__icon" aria-hidden>
                    {ICONS[command.kind]}
                  </span>
                  <span className="command-palette__title">{command.title}</span>
                  {command.kind === 'page' && command.trail.length > 0 && <Typography.Text type="secondary">{command.trail.join(' / ')}</Typography.Text>}
                  {command.kind === 'record' && (
                    <Typography.Text type="secondary">
                      {command.resourceTitle} · {t('palette.number', { number: command.number })}
                    </Typography.Text>
                  )}
                  {command.kind === 'action' && <Typography.Text type="secondary">{t('palette.onRecord')}</Typography.Text>}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div role="status" className="command-palette__status">
        {status}
      </div>
      <div className="command-palette__keys" aria-hidden>
        <span>
          <kbd>↑</kbd>
          <kbd>↓</kbd> {t('palette.keys.move')}
        </span>
        <span>
          <kbd>Enter</kbd> {t('palette.keys.open')}
        </span>
        <span>
          <kbd>Esc</kbd> {t('palette.keys.close')}
        </span>
      </div>
    </Modal>
  );
}
