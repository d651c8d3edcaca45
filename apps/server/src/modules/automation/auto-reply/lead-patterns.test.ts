import type { LeadItem } from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import { extractByPattern, leadKindOf, shapePattern } from './lead-patterns';

const item = (name: string, example = '', description = ''): LeadItem => ({ item: name, description, example });
const one = (lead: LeadItem, message: string) => extractByPattern([lead], message)[0]?.value ?? null;

describe('the kind of an item, from its example', () => {
  it('reads emails, dates, amounts, phone numbers and shaped codes', () => {
    expect(leadKindOf(item('Email', 'li.na@example.com'))).toBe('email');
    expect(leadKindOf(item('Visit', '2024-06-01'))).toBe('date');
    expect(leadKindOf(item('到店', '6月1日'))).toBe('date');
    expect(leadKindOf(item('Visit', 'June 1'))).toBe('date');
    expect(leadKindOf(item('预算', '5000元'))).toBe('amount');
    expect(leadKindOf(item('Budget', 'USD 1,200'))).toBe('amount');
    expect(leadKindOf(item('手机', '13800138000'))).toBe('phone');
    expect(leadKindOf(item('Phone', '+49 30 1234567'))).toBe('phone');
    expect(leadKindOf(item('Order', 'SO20240101'))).toBe('shape');
  });

  it('falls back on words of the name or description, then on the label rule', () => {
    expect(leadKindOf(item('手机号'))).toBe('phone');
    expect(leadKindOf(item('Contact', '', 'their e-mail address'))).toBe('email');
    expect(leadKindOf(item('预算', '五千左右'))).toBe('amount');
    expect(leadKindOf(item('公司', '阿里巴巴'))).toBe('label');
    expect(leadKindOf(item('City', 'Shanghai'))).toBe('label');
  });
});

describe('values found in a message', () => {
  it('finds Chinese mobiles with or without separators and +86, as digits', () => {
    const phone = item('手机', '13800138000');
    expect(one(phone, '我的手机是13912345678，谢谢')).toBe('13912345678');
    expect(one(phone, '电话 139 1234 5678 找李女士')).toBe('13912345678');
    expect(one(phone, 'call 139-1234-5678')).toBe('13912345678');
    expect(one(phone, '+86 139 1234 5678')).toBe('+8613912345678');
    expect(one(phone, '订单号 1234567，我下午到')).toBeNull();
    // 12 digits is no mobile, and 2 as second digit is no mobile prefix.
    expect(one(phone, '139123456789')).toBeNull();
    expect(one(phone, '12912345678')).toBeNull();
  });

  it('finds international numbers and Chinese landlines', () => {
    const phone = item('Phone', '+49 30 1234567');
    expect(one(phone, 'Reach me at +49 170 1234567 after 5pm')).toBe('+491701234567');
    expect(one(phone, 'or 0044 20 7946 0958')).toBe('+442079460958');
    expect(one(phone, '座机 010-62345678')).toBe('01062345678');
  });

  it('finds emails, lower-cased', () => {
    expect(one(item('Email', 'a@b.com'), 'Mail me: Li.Na@Example.COM, thanks')).toBe('li.na@example.com');
    expect(one(item('Email', 'a@b.com'), 'no address here @ all')).toBeNull();
    // The same pattern the agent takes contact details out with: accented Latin letters belong to it.
    expect(one(item('Email', 'a@b.com'), 'écrivez à José.Núñez@Café.example merci')).toBe('josé.núñez@café.example');
  });

  it('finds amounts with their currency, as written', () => {
    const budget = item('预算', '5000元');
    expect(one(budget, '预算大概3万左右')).toBe('3万');
    expect(one(budget, '我们能出 ¥12,000')).toBe('¥12,000');
    expect(one(budget, 'around 1,500 euros')).toBe('1,500 euros');
    expect(one(budget, 'USD 800 at most')).toBe('USD 800');
    expect(one(budget, '要买3个')).toBeNull();
  });

  it('finds dates in the usual forms', () => {
    const date = item('Visit', '2024-06-01');
    expect(one(date, '我们2024年7月15日到')).toBe('2024年7月15日');
    expect(one(date, '7月15日来看看')).toBe('7月15日');
    expect(one(date, 'on 2024/7/15 if possible')).toBe('2024/7/15');
    expect(one(date, 'Coming on July 15th, 2024')).toBe('July 15th, 2024');
    expect(one(date, 'Coming 15 July')).toBe('15 July');
    expect(one(date, 'sometime soon')).toBeNull();
  });

  it('finds codes of the example’s shape', () => {
    const order = item('Order', 'SO20240101');
    expect(shapePattern('SO20240101').test('so20240102')).toBe(true);
    expect(one(order, 'my order is SO20240315, it has not arrived')).toBe('SO20240315');
    expect(one(order, 'order 20240315')).toBeNull();
  });

  it('takes the clause after the item’s name for anything else, but not from a question', () => {
    const company = item('公司', '阿里巴巴');
    expect(one(company, '我们公司是星光科技，想了解一下')).toBe('星光科技');
    expect(one(company, '公司：星光科技')).toBe('星光科技');
    expect(one(company, '你们公司是做什么的？')).toBeNull();
    const city = item('City', 'Shanghai');
    expect(one(city, 'My city is Hangzhou.')).toBe('Hangzhou');
    expect(one(city, 'which city is best?')).toBeNull();
    // The rule also catches what an item's own pattern cannot read.
    expect(one(item('预算', '5000元'), '预算：五千左右')).toBe('五千左右');
  });

  it('answers every item the message states, and none it does not', () => {
    const items = [item('手机', '13800138000'), item('Email', 'a@b.com'), item('预算', '5000元')];
    expect(extractByPattern(items, '手机13912345678，预算2万')).toEqual([
      { item: '手机', value: '13912345678' },
      { item: '预算', value: '2万' },
    ]);
    expect(extractByPattern(items, '你好，在吗')).toEqual([]);
  });
});
