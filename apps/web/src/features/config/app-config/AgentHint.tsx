import { AGENT_KEY_NAMES } from '@agent-console/contracts';
import { Alert, Collapse, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The one thing on this screen that is not plain storage: the `agent` namespace changes how the
 * app answers (WAVE2 §15.3). Says so, and lists its keys with their effect and rule.
 */
export function AgentHint() {
  const { t } = useTranslation('appConfig');
  // `llm.model` reads as the nested key agentKeys → llm → model.
  const rows = AGENT_KEY_NAMES.map((key) => ({ key, effect: t(`agentKeys.${key}`), rule: t(`agentRules.${key}`) }));
  return (
    <Alert
      type="info"
      showIcon
      className="app-config-hint"
      title={t('agentHint.title')}
      description={
        // Folded by default: the title says what matters, the details are there for whoever edits them.
        <Collapse
          size="small"
          ghost
          className="app-config-hint-more"
          items={[
            {
              key: 'keys',
              label: t('agentHint.keys'),
              children: (
                <>
                  <Typography.Paragraph className="app-config-hint-body">{t('agentHint.body')}</Typography.Paragraph>
                  <Table
                    size="small"
                    pagination={false}
                    rowKey="key"
                    dataSource={rows}
                    columns={[
                      {
                        title: t('agentHint.key'),
                        dataIndex: 'key',
                        render: (v: string) => (
                          <Typography.Text code className="app-config-keycode">
                            {v}
                          </Typography.Text>
                        ),
                      },
                      { title: t('agentHint.effect'), dataIndex: 'effect' },
                      { title: t('agentHint.rule'), dataIndex: 'rule' },
                    ]}
                    data-testid="agent-keys"
                  />
                </>
              ),
            },
          ]}
        />
      }
      data-testid="agent-hint"
    />
  );
}
