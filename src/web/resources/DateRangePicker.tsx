import { DatePicker } from 'antd';

// antd's range picker on its own chunk: with dayjs's calendar and rc-picker it is 32 KB gzip,
// which a list page loaded before its first paint though only some lists filter by date
// (FilterBar loads it with the first date filter it draws).
export default DatePicker.RangePicker;
