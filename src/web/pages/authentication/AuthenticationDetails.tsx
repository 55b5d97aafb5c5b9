import { Descriptions } from 'antd';
import type { FormDefinition } from '../../../shared/resources/types';
import { FieldValue } from '../../resources/FieldValue';
import { kindOfSchema } from '../../resources/fieldKind';
import type { ResourceText } from '../../resources/labels';

interface Props {
  definition: FormDefinition;
  text: ResourceText;
  data: Record<string, unknown>;
}

/**
 * A submission read-only, section by section as the form file declares (show.sections): labels
 * for enums and regions, long-term dates, and uploaded images as thumbnails that open large.
 */
export function AuthenticationDetails({ definition, text, data }: Props) {
  return (
    <div className="authentication-details">
      {definition.show.sections.map((section) => (
        <Descriptions
          key={section.key}
          title={text.section(section.key)}
          bordered
          size="middle"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
          style={{ marginBottom: 24 }}
          items={section.fields.map((field) => ({
            key: field,
            label: text.field(field),
            // Thumbnails take the rest of their row rather than squeezing the value beside them.
            span: kindOfSchema(definition.record.properties[field]) === 'files' ? ('filled' as const) : 1,
            children: <FieldValue definition={definition} field={field} value={data[field]} text={text} variant="detail" />,
          }))}
        />
      ))}
    </div>
  );
}
