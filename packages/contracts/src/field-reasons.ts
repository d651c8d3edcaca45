import type { Language } from './language';

/** Why one field was rejected; the web and the server both phrase these. */
export const FIELD_REASONS = {
  required: { en: 'is required', 'zh-chs': '为必填项', 'zh-cht': '為必填項', ja: 'は必須です' },
  tooLong: { en: 'is too long', 'zh-chs': '过长', 'zh-cht': '過長', ja: 'が長すぎます' },
  tooShort: { en: 'is too short', 'zh-chs': '过短', 'zh-cht': '過短', ja: 'が短すぎます' },
  tooBig: { en: 'is too large', 'zh-chs': '过大', 'zh-cht': '過大', ja: 'が大きすぎます' },
  tooSmall: { en: 'is too small', 'zh-chs': '过小', 'zh-cht': '過小', ja: 'が小さすぎます' },
  invalidCharacter: {
    en: 'contains a character that cannot be stored (NUL or a broken surrogate)',
    'zh-chs': '包含无法保存的字符（NUL 或残缺的代理字符）',
    'zh-cht': '包含無法儲存的字元（NUL 或殘缺的代理字元）',
    ja: 'に保存できない文字（NUL または不完全なサロゲート）が含まれています',
  },
  tooDeep: {
    en: 'is nested too deeply',
    'zh-chs': '嵌套层级过深',
    'zh-cht': '巢狀層級過深',
    ja: 'の入れ子が深すぎます',
  },
  invalidType: { en: 'has the wrong type', 'zh-chs': '类型错误', 'zh-cht': '類型錯誤', ja: 'の型が正しくありません' },
  invalidFormat: {
    en: 'has an invalid format',
    'zh-chs': '格式错误',
    'zh-cht': '格式錯誤',
    ja: 'の形式が正しくありません',
  },
  invalidValue: { en: 'has an invalid value', 'zh-chs': '取值无效', 'zh-cht': '取值無效', ja: 'の値が無効です' },
  incorrect: { en: 'is incorrect', 'zh-chs': '错误', 'zh-cht': '錯誤', ja: 'が正しくありません' },
  unknownField: {
    en: 'contains a field that is not known',
    'zh-chs': '包含未知字段',
    'zh-cht': '包含未知欄位',
    ja: 'に不明な項目が含まれています',
  },
  mismatch: {
    en: 'does not match: the two passwords do not match!',
    'zh-chs': '不一致：两次输入的密码不一致！',
    'zh-cht': '不一致：兩次輸入的密碼不一致！',
    ja: 'が一致しません：2 つのパスワードが一致しません！',
  },
  mustAccept: { en: 'must be accepted', 'zh-chs': '必须同意', 'zh-cht': '必須同意', ja: 'に同意する必要があります' },
  taken: { en: 'is already taken', 'zh-chs': '已被占用', 'zh-cht': '已被佔用', ja: 'は既に使用されています' },
  hasChildren: {
    en: 'still has items below it: delete or move them first',
    'zh-chs': '仍有下级：请先删除或移走下级',
    'zh-cht': '仍有下級：請先刪除或移走下級',
    ja: 'には下位の項目があります。先に削除または移動してください',
  },
  childrenEnabled: {
    en: 'has enabled children',
    'zh-chs': '存在启用的下级',
    'zh-cht': '存在啟用的下級',
    ja: 'には有効な子項目があります',
  },
  hasUsers: {
    en: 'still has users: delete them or move them to another customer first',
    'zh-chs': '仍有用户：请先删除这些用户或将其移到其他客户',
    'zh-cht': '仍有使用者：請先刪除這些使用者或將其移到其他客戶',
    ja: 'にはユーザーがいます。先にユーザーを削除するか別の顧客へ移動してください',
  },
  inUse: { en: 'is still in use', 'zh-chs': '仍在使用中', 'zh-cht': '仍在使用中', ja: 'は使用中です' },
  hasEntries: { en: 'still has entries', 'zh-chs': '仍有字典项', 'zh-cht': '仍有字典項', ja: 'にはまだ項目があります' },
  builtin: { en: 'is built in', 'zh-chs': '为内置项', 'zh-cht': '為內建項', ja: 'は組み込みです' },
  beforeStart: {
    en: 'is before the start date',
    'zh-chs': '早于开始日期',
    'zh-cht': '早於開始日期',
    ja: 'が開始日より前です',
  },
  rangeTooLong: {
    en: 'makes the period longer than a year (366 days)',
    'zh-chs': '使时间范围超过一年（366 天）',
    'zh-cht': '使時間範圍超過一年（366 天）',
    ja: 'により期間が 1 年（366 日）を超えます',
  },
  self: {
    en: 'is your own account',
    'zh-chs': '是您自己的账户',
    'zh-cht': '是您自己的帳戶',
    ja: 'はご自身のアカウントです',
  },
  ownCustomer: {
    en: 'is the customer you belong to',
    'zh-chs': '是您所属的客户',
    'zh-cht': '是您所屬的客戶',
    ja: 'はご自身が所属する顧客です',
  },
  parentDisabled: {
    en: 'is disabled',
    'zh-chs': '已停用',
    'zh-cht': '已停用',
    ja: 'は無効です',
  },
  cycle: {
    en: 'would make a cycle',
    'zh-chs': '会形成循环',
    'zh-cht': '會形成循環',
    ja: 'は循環を作ります',
  },
  notGrantable: {
    en: 'is beyond what you may grant',
    'zh-chs': '超出您可授予的范围',
    'zh-cht': '超出您可授予的範圍',
    ja: 'は付与できる範囲を超えています',
  },
  ownQuota: {
    en: 'is your own customer or one above it: its quota is set from above',
    'zh-chs': '是您自己的客户或其上级：其配额由上级设置',
    'zh-cht': '是您自己的客戶或其上級：其配額由上級設定',
    ja: 'は自分の顧客またはその上位です。そのクォータは上位が設定します',
  },
  outranksYou: {
    en: 'holds a role beyond what you may grant: only someone who may grant it can change this user',
    'zh-chs': '拥有超出您可授予范围的角色：只有可授予该角色的人才能修改此用户',
    'zh-cht': '擁有超出您可授予範圍的角色：只有可授予該角色的人才能修改此使用者',
    ja: 'は付与できる範囲を超えるロールを持っています。そのロールを付与できる人だけがこのユーザーを変更できます',
  },
  otherCustomer: {
    en: 'belongs to another customer: pick one of this customer’s documents',
    'zh-chs': '属于其他客户：请选择本客户的文档',
    'zh-cht': '屬於其他客戶：請選擇本客戶的文件',
    ja: 'は別の顧客のものです。この顧客のドキュメントを選んでください',
  },
  movesCustomer: {
    en: 'cannot change: a record stays with the customer it was made for',
    'zh-chs': '不可更改：记录始终属于创建时的客户',
    'zh-cht': '不可更改：記錄始終屬於建立時的客戶',
    ja: 'は変更できません。レコードは作成時の顧客に属します',
  },
  childOutOfReach: {
    en: 'is beyond your reach: a customer created below it would be outside your data scope',
    'zh-chs': '超出您的管理范围：在其下创建的客户将不在您的数据范围内',
    'zh-cht': '超出您的管理範圍：在其下建立的客戶將不在您的資料範圍內',
    ja: 'は管理範囲外です。その下に作成した顧客はデータ範囲外になります',
  },
  sameAsOld: {
    en: 'must differ from the old password',
    'zh-chs': '不能与旧密码相同',
    'zh-cht': '不能與舊密碼相同',
    ja: 'は古いパスワードと異なる必要があります',
  },
  weakPassword: {
    en: 'is one of the most common passwords; choose another',
    'zh-chs': '是最常见的密码之一，请换一个',
    'zh-cht': '是最常見的密碼之一，請換一個',
    ja: 'はよく使われるパスワードです。別のものを選んでください',
  },
  containsUsername: {
    en: 'must not contain the username',
    'zh-chs': '不能包含用户名',
    'zh-cht': '不能包含使用者名稱',
    ja: 'にユーザー名を含めることはできません',
  },
  // Mail settings: a stored SMTP password serves only the server, port, encryption and account it was typed for.
  mustRetype: {
    en: 'must be typed again: the SMTP server, port, encryption or username has changed',
    'zh-chs': '需要重新输入：SMTP 服务器、端口、加密方式或用户名已更改',
    'zh-cht': '需要重新輸入：SMTP 伺服器、連接埠、加密方式或使用者名稱已變更',
    ja: 'を再入力してください：SMTP サーバー、ポート、暗号化またはユーザー名が変更されました',
  },
  alreadyRunning: {
    en: 'is already running',
    'zh-chs': '已在运行',
    'zh-cht': '已在執行',
    ja: 'は既に実行中です',
  },
  notRunning: { en: 'is not running', 'zh-chs': '未在运行', 'zh-cht': '未在執行', ja: 'は実行されていません' },
  busy: {
    en: 'is starting or stopping; try again when it has finished',
    'zh-chs': '正在启动或停止，请在完成后重试',
    'zh-cht': '正在啟動或停止，請在完成後重試',
    ja: 'は起動中または停止中です。完了してから再試行してください',
  },
  runningStopFirst: {
    en: 'is running; stop it first',
    'zh-chs': '正在运行，请先停止',
    'zh-cht': '正在執行，請先停止',
    ja: 'は実行中です。先に停止してください',
  },
  lockedWhileRunning: {
    en: 'cannot change while the app is running; stop the app first',
    'zh-chs': '在应用运行时不能修改，请先停止应用',
    'zh-cht': '在應用執行時不能修改，請先停止應用',
    ja: 'はアプリの実行中は変更できません。先にアプリを停止してください',
  },
  noneFree: {
    en: 'is not available: no free one was found; try again',
    'zh-chs': '未找到空闲的，请重试',
    'zh-cht': '未找到空閒的，請重試',
    ja: 'の空きが見つかりませんでした。再試行してください',
  },
  // An app's port (issue 31): the console's own port and its services' are never an app's.
  reservedPort: {
    en: 'is reserved for the console or another service of this host',
    'zh-chs': '已保留给控制台或本机的其他服务',
    'zh-cht': '已保留給控制台或本機的其他服務',
    ja: 'はコンソールまたはこのホストの他のサービス用に予約されています',
  },
  notAppPort: {
    en: 'is outside the ports apps may use on this host',
    'zh-chs': '不在本机允许应用使用的端口范围内',
    'zh-cht': '不在本機允許應用使用的連接埠範圍內',
    ja: 'はこのホストでアプリが使えるポートの範囲外です',
  },
  // Scheduled jobs of a customer (issue 31): what only data scope "all" may schedule.
  tooFrequent: {
    en: 'fires more often than once a minute, which only administrators with data scope "all" may schedule',
    'zh-chs': '触发频率高于每分钟一次，仅数据范围为“全部”的管理员可以设置',
    'zh-cht': '觸發頻率高於每分鐘一次，僅資料範圍為「全部」的管理員可以設定',
    ja: 'は 1 分に 1 回より頻繁に実行されます。これはデータ範囲「全部」の管理者だけが設定できます',
  },
  tooManyEnabled: {
    en: 'cannot be enabled: the customer already has the most enabled jobs allowed',
    'zh-chs': '无法启用：该客户启用的任务已达上限',
    'zh-cht': '無法啟用：該客戶啟用的任務已達上限',
    ja: 'を有効にできません：この顧客の有効なジョブが上限に達しています',
  },
  reservedToAll: {
    en: 'acts on every customer and is reserved to administrators with data scope "all"',
    'zh-chs': '会作用于所有客户，仅限数据范围为“全部”的管理员使用',
    'zh-cht': '會作用於所有客戶，僅限資料範圍為「全部」的管理員使用',
    ja: 'はすべての顧客に作用するため、データ範囲「全部」の管理者専用です',
  },
  // Configuration items (WAVE2 §4.3): the value against its namespace's format and, in the
  // `agent` namespace, against the rule of its well-known key.
  notJson: {
    en: 'is not valid JSON',
    'zh-chs': '不是有效的 JSON',
    'zh-cht': '不是有效的 JSON',
    ja: 'は有効な JSON ではありません',
  },
  notYaml: {
    en: 'is not valid YAML',
    'zh-chs': '不是有效的 YAML',
    'zh-cht': '不是有效的 YAML',
    ja: 'は有効な YAML ではありません',
  },
  notSingleLine: {
    en: 'must be a single line in the properties format',
    'zh-chs': '在 properties 格式中必须为单行',
    'zh-cht': '在 properties 格式中必須為單行',
    ja: 'は properties 形式では 1 行で入力してください',
  },
  notRatio: {
    en: 'must be a number from 0 to 1',
    'zh-chs': '必须是 0 到 1 之间的数字',
    'zh-cht': '必須是 0 到 1 之間的數字',
    ja: 'は 0 から 1 までの数値にしてください',
  },
  notTopK: {
    en: 'must be a whole number from 1 to 20',
    'zh-chs': '必须是 1 到 20 之间的整数',
    'zh-cht': '必須是 1 到 20 之間的整數',
    ja: 'は 1 から 20 までの整数にしてください',
  },
  notContextTokens: {
    en: 'must be a whole number from 200 to 32000',
    'zh-chs': '必须是 200 到 32000 之间的整数',
    'zh-cht': '必須是 200 到 32000 之間的整數',
    ja: 'は 200 から 32000 までの整数にしてください',
  },
  notTemperature: {
    en: 'must be a number from 0 to 2',
    'zh-chs': '必须是 0 到 2 之间的数字',
    'zh-cht': '必須是 0 到 2 之間的數字',
    ja: 'は 0 から 2 までの数値にしてください',
  },
  notHistoryCount: {
    en: 'must be a whole number from 0 to 50',
    'zh-chs': '必须是 0 到 50 之间的整数',
    'zh-cht': '必須是 0 到 50 之間的整數',
    ja: 'は 0 から 50 までの整数にしてください',
  },
  notFolderIds: {
    en: 'must be folder ids separated by commas',
    'zh-chs': '必须是以逗号分隔的文件夹编号',
    'zh-cht': '必須是以逗號分隔的資料夾編號',
    ja: 'はカンマ区切りのフォルダー ID にしてください',
  },
  unknownFolder: {
    en: 'names a folder that is not one of this customer’s knowledge folders',
    'zh-chs': '包含不属于该客户知识库的文件夹',
    'zh-cht': '包含不屬於該客戶知識庫的資料夾',
    ja: 'にこの顧客のナレッジフォルダーではないフォルダーが含まれています',
  },
  fixed: {
    en: 'cannot be changed once created',
    'zh-chs': '创建后不可更改',
    'zh-cht': '建立後不可更改',
    ja: 'は作成後に変更できません',
  },
  itemsDoNotFit: {
    en: 'does not fit the values of the items already saved',
    'zh-chs': '与已保存配置项的值不符',
    'zh-cht': '與已儲存設定項的值不符',
    ja: 'は保存済みの項目の値に合いません',
  },
  // Secret configuration items: a kept secret stays with the key and namespace it was typed for.
  secretReentry: {
    en: 'must be entered again when the key of a secret item changes',
    'zh-chs': '在更改保密配置项的键时必须重新输入',
    'zh-cht': '在更改保密設定項的鍵時必須重新輸入',
    ja: 'は機密項目のキーを変更するときに再入力する必要があります',
  },
  holdsSecrets: {
    en: 'cannot change while the namespace holds secret items with values; delete them first and enter them again afterwards',
    'zh-chs': '在命名空间包含有值的保密配置项时不能更改；请先删除这些配置项，更改后再重新录入',
    'zh-cht': '在命名空間包含有值的保密設定項時不能更改；請先刪除這些設定項，更改後再重新輸入',
    ja: 'は名前空間に値のある機密項目がある間は変更できません。先に削除し、変更後に再入力してください',
  },
  // The QR login (SPEC §5, §8): asking for a QR code without a region.
  selectRegionFirst: {
    en: 'is required: select a region first',
    'zh-chs': '为必填项：请先选择地区',
    'zh-cht': '為必填項：請先選擇地區',
    ja: 'は必須です：先に地域を選択してください',
  },
  // Contacts and batch messages (issue 15).
  accountOffline: {
    en: 'is offline; log it in again first',
    'zh-chs': '已离线，请先重新登录',
    'zh-cht': '已離線，請先重新登入',
    ja: 'はオフラインです。先に再ログインしてください',
  },
  notLiveContact: {
    en: 'includes someone who is not a current contact of this account',
    'zh-chs': '包含不是该账号当前联系人的对象',
    'zh-cht': '包含不是該帳號目前聯絡人的對象',
    ja: 'にこのアカウントの現在の連絡先ではない相手が含まれています',
  },
  contactGone: {
    en: 'is no longer in this account’s address list',
    'zh-chs': '已不在该账号的通讯录中',
    'zh-cht': '已不在該帳號的通訊錄中',
    ja: 'はこのアカウントの連絡先にもう存在しません',
  },
  notWhatItsNameSays: {
    en: 'is named as an accepted type, but its content is not a file of that type',
    'zh-chs': '的扩展名是可接受的类型，但内容并不是该类型的文件',
    'zh-cht': '的副檔名是可接受的類型，但內容並不是該類型的檔案',
    ja: 'は受け付けられる形式の名前ですが、中身はその形式のファイルではありません',
  },
  notAcceptedType: {
    en: 'is not one of the accepted file types',
    'zh-chs': '不是可接受的文件类型',
    'zh-cht': '不是可接受的檔案類型',
    ja: 'は受け付けられるファイル形式ではありません',
  },
  oneFile: {
    en: 'takes one file at a time',
    'zh-chs': '一次只能上传一个文件',
    'zh-cht': '一次只能上傳一個檔案',
    ja: 'は一度に 1 つだけです',
  },
  tooManyParts: {
    en: 'comes with more form fields than the upload takes',
    'zh-chs': '附带的表单字段超出上传所需',
    'zh-cht': '附帶的表單欄位超出上傳所需',
    ja: 'に付随するフォーム項目がアップロードの上限を超えています',
  },
  tooManyFiles: {
    en: 'may hold at most 3 files',
    'zh-chs': '最多 3 个',
    'zh-cht': '最多 3 個',
    ja: 'は 3 つまでです',
  },
  fileOver3MB: {
    en: 'is larger than 3MB, the most a file may have',
    'zh-chs': '超过了每个文件 3MB 的上限',
    'zh-cht': '超過了每個檔案 3MB 的上限',
    ja: 'は 1 ファイルあたりの上限 3MB を超えています',
  },
  unsafeFileName: {
    en: 'has a name with characters that are not allowed',
    'zh-chs': '的名称含有不允许的字符',
    'zh-cht': '的名稱含有不允許的字元',
    ja: 'の名前に使用できない文字が含まれています',
  },
  // AI role (WAVE2 §5, §6): the customer and app picked, welcome messages and the lead table.
  outOfScope: {
    en: 'is not within your data scope',
    'zh-chs': '不在您的数据范围内',
    'zh-cht': '不在您的資料範圍內',
    ja: 'はあなたのデータ範囲外です',
  },
  notCustomerApp: {
    en: 'is not one of the chosen customer’s apps',
    'zh-chs': '不是所选客户的应用',
    'zh-cht': '不是所選客戶的應用',
    ja: 'は選択した顧客のアプリではありません',
  },
  notCustomerFile: {
    en: 'is not a file uploaded for this customer’s welcome messages',
    'zh-chs': '不是为该客户的欢迎语上传的文件',
    'zh-cht': '不是為該客戶的歡迎語上傳的檔案',
    ja: 'はこの顧客のウェルカムメッセージ用にアップロードされたファイルではありません',
  },
  notWelcomeFileType: {
    en: 'is not an accepted format (PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, TXT)',
    'zh-chs': '格式不受支持（仅限 PDF、DOC、DOCX、XLS、XLSX、PPT、PPTX、TXT）',
    'zh-cht': '格式不受支援（僅限 PDF、DOC、DOCX、XLS、XLSX、PPT、PPTX、TXT）',
    ja: 'は対応していない形式です（PDF、DOC、DOCX、XLS、XLSX、PPT、PPTX、TXT のみ）',
  },
  notWelcomeImageType: {
    en: 'is not an accepted image format (JPG, JPEG, PNG, GIF, WEBP)',
    'zh-chs': '图片格式不受支持（仅限 JPG、JPEG、PNG、GIF、WEBP）',
    'zh-cht': '圖片格式不受支援（僅限 JPG、JPEG、PNG、GIF、WEBP）',
    ja: 'は対応していない画像形式です（JPG、JPEG、PNG、GIF、WEBP のみ）',
  },
  fileOver10MB: {
    en: 'is larger than 10MB, the most a file may have',
    'zh-chs': '超过了每个文件 10MB 的上限',
    'zh-cht': '超過了每個檔案 10MB 的上限',
    ja: 'は 1 ファイルあたりの上限 10MB を超えています',
  },
  atMost10Messages: {
    en: 'may hold at most 10 messages',
    'zh-chs': '最多 10 条',
    'zh-cht': '最多 10 條',
    ja: 'は 10 件までです',
  },
  atMost6Items: {
    en: 'may hold at most 6 items',
    'zh-chs': '最多 6 项',
    'zh-cht': '最多 6 項',
    ja: 'は 6 項目までです',
  },
  needOneLeadItem: {
    en: 'needs at least one complete item to save',
    'zh-chs': '至少需要一项填写完整的内容才能保存',
    'zh-cht': '至少需要一項填寫完整的內容才能儲存',
    ja: 'は保存するには少なくとも 1 つの完全な項目が必要です',
  },
  sameAsStart: {
    en: 'must differ from the start (an end before the start runs across midnight)',
    'zh-chs': '不能与开始时间相同（结束早于开始表示跨越午夜）',
    'zh-cht': '不能與開始時間相同（結束早於開始表示跨越午夜）',
    ja: 'は開始時刻と異なる必要があります（開始より前の終了は日付をまたぎます）',
  },
  endBeforeStart: {
    en: 'must be later than the start',
    'zh-chs': '必须晚于开始时间',
    'zh-cht': '必須晚於開始時間',
    ja: 'は開始時刻より後である必要があります',
  },
  notCustomerAccount: {
    en: 'is not a messaging account of this customer',
    'zh-chs': '不是该客户的聊天账号',
    'zh-cht': '不是該客戶的聊天帳號',
    ja: 'はこの顧客のメッセージアカウントではありません',
  },
  notCustomerStrategy: {
    en: 'is not a follow-up strategy of this customer',
    'zh-chs': '不是该客户的跟进策略',
    'zh-cht': '不是該客戶的跟進策略',
    ja: 'はこの顧客のフォローアップ戦略ではありません',
  },
  accountHasRobot: {
    en: 'already has a follow-up robot',
    'zh-chs': '已有跟进机器人',
    'zh-cht': '已有跟進機器人',
    ja: 'には既にフォローアップロボットがあります',
  },
  invalidTimeZone: {
    en: 'is not a known time zone (use a name such as Asia/Shanghai)',
    'zh-chs': '不是有效的时区（请使用如 Asia/Shanghai 的名称）',
    'zh-cht': '不是有效的時區（請使用如 Asia/Shanghai 的名稱）',
    ja: 'は有効なタイムゾーンではありません（Asia/Shanghai などの名前を使ってください）',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type FieldReason = keyof typeof FIELD_REASONS;

/** One rejected field in an error's data: `{ field: 'username', reason: 'required' }`. */
export interface FieldError {
  field: string;
  reason: FieldReason;
  /** Where in a multi-line value the fault is (a JSON or YAML value), when the parser says. */
  at?: { line: number; column: number };
  /** Which one of several the fault is about (a file's name), named in the sentence. */
  subject?: string;
  /** What exactly is wrong (the refused characters), named at the end of the sentence. */
  detail?: string;
}
