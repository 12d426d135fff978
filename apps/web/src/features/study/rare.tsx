/** The antd parts of the study pages' rare states, in a chunk of their own (plain.tsx loads it when one is shown). */
import { Empty } from 'antd';

export default Empty;
