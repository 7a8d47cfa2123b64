import Switchyard
