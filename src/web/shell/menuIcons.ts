// The icons of navigation entries (schemas/menu.json `icon`), each loaded when first drawn: a
// menu shows the entries its caller may open, a dozen of some forty, and the icons' drawings would
// otherwise be 11 KB gzip of the shell (issue 32 item 7). Until an icon arrives its place holds a
// box of its size, so nothing moves. tests/unit/shell.test.ts fails when menu.json names an icon of
// a navigable entry that is missing here.
// UserOutlined is drawn by the shell's header too, so it comes with the shell as it is.
import { UserOutlined } from '@ant-design/icons';
import { createElement, lazy, Suspense, type ComponentType, type CSSProperties } from 'react';

interface IconProps {
  className?: string;
  style?: CSSProperties;
}

/** An icon of @ant-design/icons on its own chunk; antd's Menu gives it its class name. */
function lazyIcon(load: () => Promise<{ default: ComponentType<IconProps> }>): ComponentType<IconProps> {
  const Icon = lazy(load);
  return function MenuIcon(props: IconProps) {
    const placeholder = createElement('span', { className: ['anticon', props.className].filter(Boolean).join(' '), 'aria-hidden': true, style: { width: '1em', height: '1em', ...props.style } });
    return createElement(Suspense, { fallback: placeholder }, createElement(Icon, props));
  };
}

export const MENU_ICONS: Record<string, ComponentType<IconProps>> = {
  AccountBookOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/AccountBookOutlined')),
  AlertOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/AlertOutlined')),
  ApiOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/ApiOutlined')),
  AuditOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/AuditOutlined')),
  BankOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/BankOutlined')),
  BarChartOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/BarChartOutlined')),
  CalculatorOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/CalculatorOutlined')),
  DollarOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/DollarOutlined')),
  ExceptionOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/ExceptionOutlined')),
  FileDoneOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/FileDoneOutlined')),
  ExportOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/ExportOutlined')),
  FileAddOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/FileAddOutlined')),
  FileProtectOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/FileProtectOutlined')),
  FileSearchOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/FileSearchOutlined')),
  FileTextOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/FileTextOutlined')),
  FolderOpenOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/FolderOpenOutlined')),
  FormOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/FormOutlined')),
  HistoryOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/HistoryOutlined')),
  HomeOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/HomeOutlined')),
  IdcardOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/IdcardOutlined')),
  ImportOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/ImportOutlined')),
  InteractionOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/InteractionOutlined')),
  KeyOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/KeyOutlined')),
  MessageOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/MessageOutlined')),
  MoneyCollectOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/MoneyCollectOutlined')),
  NotificationOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/NotificationOutlined')),
  PayCircleOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/PayCircleOutlined')),
  ReadOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/ReadOutlined')),
  ReconciliationOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/ReconciliationOutlined')),
  SafetyCertificateOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/SafetyCertificateOutlined')),
  ShopOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/ShopOutlined')),
  ShoppingCartOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/ShoppingCartOutlined')),
  ShoppingOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/ShoppingOutlined')),
  TableOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/TableOutlined')),
  TeamOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/TeamOutlined')),
  TransactionOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/TransactionOutlined')),
  UserOutlined,
  WalletOutlined: lazyIcon(() => import('@ant-design/icons/es/icons/WalletOutlined')),
};
