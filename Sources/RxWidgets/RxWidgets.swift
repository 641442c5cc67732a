import RxDelegate
