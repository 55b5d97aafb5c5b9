import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Col, Row } from 'antd';
import type { GridOptions } from '../types';

const DEFAULT_SPAN = 12;

/**
 * The form grid: each field takes ui:options.colSpan of 24 columns on desktop (two fields a row
 * by default) and the full width on phones.
 */
export function GridObjectTemplate({ properties, uiSchema, fieldPathId }: ObjectFieldTemplateProps) {
  return (
    <Row gutter={24} id={fieldPathId.$id}>
      {properties
        .filter((element) => !element.hidden)
        .map((element) => {
          const options = (uiSchema?.[element.name] as { 'ui:options'?: GridOptions } | undefined)?.['ui:options'];
          const span = typeof options?.colSpan === 'number' ? options.colSpan : DEFAULT_SPAN;
          return (
            <Col key={element.name} xs={24} md={span}>
              {element.content}
            </Col>
          );
        })}
    </Row>
  );
}
