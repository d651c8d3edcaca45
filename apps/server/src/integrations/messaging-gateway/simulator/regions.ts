/**
 * The proxy regions of WKTeam's iPad login (WAVE2 §1.4), as the simulated phone names its
 * province. The console has the same list as its `chat_region` dictionary; the simulator keeps its
 * own because it plays the outside service and reads nothing of the console.
 */
export const PROVINCES: readonly (readonly [code: number, en: string, zh: string])[] = [
  [1, 'Beijing', '北京'],
  [2, 'Tianjin', '天津'],
  [3, 'Shanghai', '上海'],
  [4, 'Chongqing', '重庆'],
  [5, 'Hebei', '河北'],
  [6, 'Shanxi', '山西'],
  [7, 'Jiangsu', '江苏'],
  [8, 'Zhejiang', '浙江'],
  [9, 'Anhui', '安徽'],
  [10, 'Fujian', '福建'],
  [11, 'Jiangxi', '江西'],
  [12, 'Shandong', '山东'],
  [13, 'Henan', '河南'],
  [14, 'Hubei', '湖北'],
  [15, 'Hunan', '湖南'],
  [16, 'Guangdong', '广东'],
  [17, 'Hainan', '海南'],
  [18, 'Sichuan', '四川'],
  [19, 'Yunnan', '云南'],
  [20, 'Shaanxi', '陕西'],
  [21, 'Heilongjiang', '黑龙江'],
  [22, 'Liaoning', '辽宁'],
  [23, 'Guizhou', '贵州'],
  [24, 'Guangxi', '广西'],
  [25, 'Ningxia', '宁夏'],
  [26, 'Qinghai', '青海'],
  [27, 'Gansu', '甘肃'],
  [28, 'Tibet', '西藏'],
  [29, 'Jilin', '吉林'],
  [30, 'Inner Mongolia', '内蒙古'],
];

export function provinceName(code: number | null | undefined): string {
  const found = PROVINCES.find(([c]) => c === code);
  return found ? `${found[1]} ${found[2]}` : `region ${code ?? '?'}`;
}

export function isProvince(code: number): boolean {
  return PROVINCES.some(([c]) => c === code);
}
