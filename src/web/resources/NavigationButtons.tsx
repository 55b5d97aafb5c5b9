import { PlusSquareOutlined } from '@ant-design/icons';
import { useCreateButton, useShowButton, type BaseKey } from '@refinedev/core';
import { Button, type ButtonProps } from 'antd';
import type { MouseEvent, ReactNode } from 'react';

// The list's "create" and "view" buttons as @refinedev/antd draws them (refine core's navigation
// hooks: the route's link, hidden or disabled with the reason as access control answers), made
// here so a list page does not import @refinedev/antd: that package is one module, and one
// button from it brings its page frames too (ant-design-pro's PageHeader with its texts in
// every language), about 30 KB gzip on the list's first load (issue 32 item 7).

type NavigationButtonValues = ReturnType<typeof useShowButton>;

interface Props extends Omit<ButtonProps, 'onClick' | 'href' | 'children'> {
  /** What a click does instead of following the link (the link stays for "open in a new tab"). */
  onClick(): void;
  children: ReactNode;
}

function NavigationButton({ values, onClick, children, ...button }: Props & { values: NavigationButtonValues }) {
  const { to, title, hidden, disabled, LinkComponent } = values;
  if (hidden || button.hidden) return null;
  const isDisabled = disabled || button.disabled;
  const follow = (event: MouseEvent) => {
    event.preventDefault();
    if (!isDisabled) onClick();
  };
  return (
    <LinkComponent to={to} replace={false} onClick={follow}>
      <Button title={title} {...button} disabled={isDisabled}>
        {children}
      </Button>
    </LinkComponent>
  );
}

export function CreateButton({ resource, ...props }: Props & { resource: string }) {
  const values = useCreateButton({ resource });
  return <NavigationButton values={values} type="primary" icon={<PlusSquareOutlined />} {...props} />;
}

export function ShowButton({ resource, recordItemId, ...props }: Props & { resource: string; recordItemId: BaseKey }) {
  const values = useShowButton({ resource, id: recordItemId });
  return <NavigationButton values={values} {...props} />;
}
